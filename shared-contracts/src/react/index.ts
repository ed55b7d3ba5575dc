export * from './hooks.js';
export * from './lifecycles.js';
export * from './error-boundary.js';
export * from './async-boundary.js';
export * from './states.js';
export * from './use-simple-games.js';
export * from './use-single-request.js';
export * from './lazy-screen.js';
