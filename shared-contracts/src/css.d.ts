/** Stylesheets a React part imports for its rules (states.tsx): the bundler adds them to the page, no value comes back. */
declare module '*.css';
