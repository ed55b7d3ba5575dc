export * from './hooks.js';
export * from './lifecycles.js';
