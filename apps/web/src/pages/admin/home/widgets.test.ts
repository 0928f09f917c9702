import { CataloguePerm, OpenApplyPerm, SharePerm, StatisticPerm } from '@odp/contracts';
import { describe, expect, it } from 'vitest';
import { halfSpans, homeWidgets } from './widgets';

const holding = (...codes: string[]) => homeWidgets((code) => codes.includes(code));

// The seeded roles' buttons (db/seed and the module manifests).
const CITIZEN = [OpenApplyPerm.apply, 'openApp:add'];
const DEPARTMENT = [
  CataloguePerm.add,
  CataloguePerm.submit,
  CataloguePerm.export,
  SharePerm.apply,
  SharePerm.sourceReview,
  SharePerm.release,
  OpenApplyPerm.providerReview,
];
const REVIEWER = [CataloguePerm.review, CataloguePerm.export, SharePerm.bureauReview, OpenApplyPerm.bureauReview];

describe('homeWidgets', () => {
  it('gives a registered citizen no sharing, catalogue or review widgets', () => {
    expect(holding(...CITIZEN)).toEqual({
      reviews: false,
      submits: true,
      provide: false,
      use: false,
      cityServices: false,
      shareFigures: false,
      shareScope: 'department',
      catalogue: false,
      catalogueScope: 'department',
      statistics: false,
    });
    expect(holding().submits).toBe(false);
  });

  it('gives a department officer its department’s two service cards and figures', () => {
    expect(holding(...DEPARTMENT)).toEqual({
      reviews: true,
      submits: true,
      provide: true,
      use: true,
      cityServices: false,
      shareFigures: true,
      shareScope: 'department',
      catalogue: true,
      catalogueScope: 'department',
      statistics: false,
    });
  });

  it('gives the bureau the city’s card in place of the department cards', () => {
    const w = holding(...REVIEWER);
    expect(w).toMatchObject({ provide: false, use: false, cityServices: true, shareFigures: true, reviews: true });
    expect(w.shareScope).toBe('city');
    expect(w.catalogueScope).toBe('city');
    // An administrator holds everything: still the city's view.
    expect(holding(...DEPARTMENT, ...REVIEWER)).toMatchObject({ provide: false, use: false, cityServices: true });
  });

  it('shows an applying-only department no 我提供的服务 nor 数据共享 figures', () => {
    expect(holding(SharePerm.apply)).toMatchObject({ use: true, provide: false, shareFigures: false });
  });
});

describe('statistics widgets', () => {
  it('show to holders of statistic:view, the city’s to the bureau', () => {
    expect(holding(...DEPARTMENT, StatisticPerm.view)).toMatchObject({
      statistics: true,
      catalogueScope: 'department',
    });
    expect(holding(...REVIEWER, StatisticPerm.view)).toMatchObject({ statistics: true, catalogueScope: 'city' });
  });
});

describe('halfSpans', () => {
  it('pairs panels and lets an odd last one fill its row', () => {
    expect(halfSpans(0)).toEqual([]);
    expect(halfSpans(1)).toEqual([24]);
    expect(halfSpans(2)).toEqual([12, 12]);
    expect(halfSpans(3)).toEqual([12, 12, 24]);
  });
});
