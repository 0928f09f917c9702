export { hasAuth, useHasAuth, usePermission } from './permissions';
export * from './session';
export { dropSession, signOut } from './sign-out';
export { readLocal, removeLocal, writeLocal } from './storage';
