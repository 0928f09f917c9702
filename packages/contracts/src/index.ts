export * from './core/envelope.js';
export * from './core/messages.js';
export * from './core/constants.js';
export * from './auth/login.js';
export * from './system/permission.js';
export * from './system/user.js';
export * from './system/announcement.js';
export * from './portal/index-page.js';
