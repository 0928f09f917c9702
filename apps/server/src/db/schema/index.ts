export * from './catalogue.js';
export * from './system.js';
