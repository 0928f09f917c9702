export * from './system.js';
export * from './catalogue.js';
