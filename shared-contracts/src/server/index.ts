/** The server side of the first view (DESIGN §9): what every app's server bundle renders its fragments with. */
export * from './first-view.js';
