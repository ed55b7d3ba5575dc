/** The server side of the first view (README "First view in the HTML"): what every app's server bundle renders its fragments with. */
export * from './first-view.js';
