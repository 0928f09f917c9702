import type { ComponentType, LazyExoticComponent } from 'react';
import { accountPages } from '@/pages/account/pages';
import { achievementPages } from '@/pages/admin/achievement/pages';
import { assessmentPages } from '@/pages/admin/assessment/pages';
import { cataloguePages } from '@/pages/admin/catalogue/pages';
import { collectionPages } from '@/pages/admin/collection/pages';
import { contentPages } from '@/pages/admin/content/pages';
import { interactionPages } from '@/pages/admin/interaction/pages';
import { messagePages } from '@/pages/admin/message/pages';
import { openApplyPages } from '@/pages/admin/openApply/pages';
import { opsPages } from '@/pages/admin/ops/pages';
import { adminPages } from '@/pages/admin/pages';
import { questionnairePages } from '@/pages/admin/questionnaire/pages';
import { resourcePages } from '@/pages/admin/resources/pages';
import { reviewPages } from '@/pages/admin/review/pages';
import { sharingPages } from '@/pages/admin/sharing/pages';
import { statisticPages } from '@/pages/admin/statistic/pages';
import { systemPages } from '@/pages/admin/system/pages';

/**
 * Back-office pages by the `component` string of the server's menu (a path under src/pages), as each
 * area's pages.ts declares them; every page stays its own lazily loaded chunk. A menu entry whose
 * component is not listed gets no route.
 */
export const pageRegistry: Record<string, LazyExoticComponent<ComponentType>> = {
  ...adminPages,
  ...cataloguePages,
  ...reviewPages,
  ...systemPages,
  ...messagePages,
  ...resourcePages,
  ...collectionPages,
  ...sharingPages,
  ...openApplyPages,
  ...achievementPages,
  ...contentPages,
  ...questionnairePages,
  ...interactionPages,
  ...opsPages,
  ...assessmentPages,
  ...accountPages,
  ...statisticPages,
};

/** Tolerates the spellings menus carry over from older systems: a leading slash, `views/`, `/index`, `.vue`. */
export function resolvePage(component: string | null | undefined) {
  if (!component) return undefined;
  const key = component
    .replace(/^\/+/, '')
    .replace(/^(views|pages)\//, '')
    .replace(/(\/index)?\.(vue|tsx)$/, '')
    .replace(/\/index$/, '');
  return pageRegistry[key];
}
