export { useCan } from './permission';
export { ResourcePage } from './ResourcePage';
export type * from './types';
export { defineResourceView } from './types';
export { problemRule, remoteRule, sameAsRule, zodRule } from './zod-rule';
