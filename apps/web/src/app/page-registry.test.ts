import { describe, expect, it } from 'vitest';
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
import { pageRegistry, resolvePage } from './page-registry';

const areas: Record<string, object> = {
  account: accountPages,
  admin: adminPages,
  'admin/achievement': achievementPages,
  'admin/assessment': assessmentPages,
  'admin/catalogue': cataloguePages,
  'admin/collection': collectionPages,
  'admin/content': contentPages,
  'admin/interaction': interactionPages,
  'admin/message': messagePages,
  'admin/openApply': openApplyPages,
  'admin/ops': opsPages,
  'admin/questionnaire': questionnairePages,
  'admin/resources': resourcePages,
  'admin/review': reviewPages,
  'admin/sharing': sharingPages,
  'admin/statistic': statisticPages,
  'admin/system': systemPages,
};

describe('the page registry', () => {
  it('collects every area’s pages, each area naming only pages in its own folder so that none hides another', () => {
    for (const [folder, pages] of Object.entries(areas)) {
      for (const key of Object.keys(pages)) expect(key.slice(0, key.lastIndexOf('/')), key).toBe(folder);
    }
    const declared = Object.values(areas).reduce((n, pages) => n + Object.keys(pages).length, 0);
    expect(Object.keys(pageRegistry)).toHaveLength(declared);
  });

  it('keeps every page lazily loaded', () => {
    for (const page of Object.values(pageRegistry)) expect(page.$$typeof).toBe(Symbol.for('react.lazy'));
  });

  it('resolves the spellings menus carry over from older systems', () => {
    const page = pageRegistry['admin/system/UserPage'];
    expect(page).toBeDefined();
    for (const spelling of [
      'admin/system/UserPage',
      '/admin/system/UserPage',
      'views/admin/system/UserPage',
      'pages/admin/system/UserPage/index.vue',
      'admin/system/UserPage.tsx',
      'admin/system/UserPage/index',
    ]) {
      expect(resolvePage(spelling), spelling).toBe(page);
    }
    expect(resolvePage('admin/system/NoSuchPage')).toBeUndefined();
    expect(resolvePage(null)).toBeUndefined();
  });
});
