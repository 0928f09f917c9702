/**
 * `@odp/contracts/constants`: the contract's values that need no validation (labels, status maps,
 * dictionary codes, sort keys, limits, the push protocol). Pages that must load light, the portal
 * above all, import from here so that zod stays out of their chunks; no module this file reaches may
 * import zod (constants.test.ts checks). Everything here is in the main entry too.
 */

export * from './achievement/terms.js';
export * from './assessment/terms.js';
export * from './catalogue/service-matter-terms.js';
export * from './catalogue/terms.js';
export * from './content/terms.js';
export * from './core/calendar.js';
export * from './core/constants.js';
export * from './core/messages.js';
export * from './core/workflow.js';
export * from './interaction/terms.js';
export * from './market/terms.js';
export * from './portal/big-screen.js';
export * from './portal/index-page.js';
export * from './portal/page-data.js';
export * from './portal/site.js';
export * from './questionnaire/terms.js';
export * from './statistic/terms.js';
export * from './system/navigation-terms.js';
export * from './system/permission.js';
export * from './system/picture-sizes.js';
export * from './system/push.js';
