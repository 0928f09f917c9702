import { CataloguePerm, OpenApplyPerm, SharePerm, StatisticPerm } from '@odp/contracts';

/** Whose figures a widget shows: the signed-in user's department's, or (all-departments holders) the city's. */
export type HomeScope = 'city' | 'department';

/** Which widgets of the home page the signed-in user sees; every figure behind them is authorised again on the server. */
export type HomeWidgets = {
  /** 待处理 and 已处理: someone who reviews (catalogue, share or open applications). */
  reviews: boolean;
  /** 已发起: someone who submits work orders (catalogue entries, share or open applications). */
  submits: boolean;
  /** 我提供的服务: the data's department of share applications. */
  provide: boolean;
  /** 我使用的服务: a department that applies for others' data. */
  use: boolean;
  /** The bureau's one card of the city's share applications, in place of the two department cards. */
  cityServices: boolean;
  /** 数据共享 figures and the 数据统计 chart: what the department's (the city's) data gave. */
  shareFigures: boolean;
  shareScope: HomeScope;
  /** 数据编目/数据归集 figures, the 数据服务 chart and the data catalogue table. */
  catalogue: boolean;
  catalogueScope: HomeScope;
  /**
   * 统计 widgets: the city's ranking (catalogueScope city) or the department's measures beside the city
   * average. `statistic:view` is a menu's code, so the page also shows them to whoever has the 统计分析 menu.
   */
  statistics: boolean;
};

/**
 * From the user's button permissions: a registered citizen has no sharing or catalogue widgets, a
 * department officer its department's, the bureau's reviewers and administrators the city's.
 */
export function homeWidgets(can: (code: string) => boolean): HomeWidgets {
  const bureau = can(SharePerm.bureauReview);
  const source = can(SharePerm.sourceReview);
  const applies = can(SharePerm.apply);
  const catalogueReviewer = can(CataloguePerm.review);
  const catalogue =
    catalogueReviewer || can(CataloguePerm.add) || can(CataloguePerm.submit) || can(CataloguePerm.export);
  return {
    reviews:
      catalogueReviewer || bureau || source || can(OpenApplyPerm.providerReview) || can(OpenApplyPerm.bureauReview),
    submits: can(CataloguePerm.submit) || applies || can(OpenApplyPerm.apply),
    provide: source && !bureau,
    use: applies && !bureau,
    cityServices: bureau,
    shareFigures: bureau || source,
    shareScope: bureau ? 'city' : 'department',
    catalogue,
    catalogueScope: catalogueReviewer ? 'city' : 'department',
    statistics: can(StatisticPerm.view),
  };
}

/** Grid spans of a run of half-width panels: an odd last one takes the whole row. */
export const halfSpans = (count: number) =>
  Array.from({ length: count }, (_, i) => (count % 2 === 1 && i === count - 1 ? 24 : 12));
