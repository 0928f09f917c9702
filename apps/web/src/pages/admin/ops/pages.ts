import { lazyPage } from '@/app/lazy-page';

/** 任务运维 (/OPS), by the `component` string of their menus. */
export const opsPages = {
  'admin/ops/OpsWorkPage': lazyPage(() => import('./OpsWorkPage')),
  'admin/ops/OpsExamplesPage': lazyPage(() => import('./OpsExamplesPage')),
};
