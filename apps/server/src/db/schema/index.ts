export * from './catalogue.js';
export * from './datastore.js';
export * from './figures.js';
export * from './jobs.js';
export * from './messages.js';
export * from './resources.js';
export * from './system.js';
export * from './workflow.js';
