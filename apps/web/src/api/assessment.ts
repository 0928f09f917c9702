import type {
  AssessmentAction,
  AssessmentPeriodRecord,
  AssessmentScore,
  CalculationInfo,
  DomainNode,
  DrillRecord,
  Formula,
  IndexRecord,
  IndicatorRun,
  IndicatorValueRow,
  Page,
  SchemeRecord,
  SchemeSaveInput,
} from '@odp/contracts';
import { http } from './client';
import { saveBlob } from './transfer';

/* 指标管理, 指标开发 and 绩效管理. Types only from the contract. */

export const assessmentKeys = {
  all: ['assessment'] as const,
  domains: ['assessment', 'domains'] as const,
  indexes: (q: object) => ['assessment', 'indexes', q] as const,
  assetTree: ['assessment', 'assetTree'] as const,
  calculations: ['assessment', 'calculations'] as const,
  values: (q: object) => ['assessment', 'values', q] as const,
  runs: (q: object) => ['assessment', 'runs', q] as const,
  schemes: ['assessment', 'schemes'] as const,
  periods: (q: object) => ['assessment', 'periods', q] as const,
  scores: (id: string) => ['assessment', 'scores', id] as const,
  drill: (scoreId: string, indexId: string) => ['assessment', 'drill', scoreId, indexId] as const,
};

export type IndexForm = {
  indexName: string;
  indexType: '0' | '1';
  relIndexCode?: string[];
  domainId: string;
  unit: string;
  frequency: string;
  bsFormula: string;
};
export type AssetTreeNode = {
  key: string;
  title: string;
  selectable: boolean;
  isLeaf?: boolean;
  indexType?: string;
  enables?: string;
  unit?: string;
  children?: AssetTreeNode[];
};

export const domainTree = () => http.get<DomainNode[]>('/api/asset/domain/domain_tree');
export const saveDomain = (domainName: string, parentId: string | null) =>
  http.post<string>('/api/asset/domain/save', { domainName, parentId });
export const updateDomain = (domainId: string, domainName: string, parentId: string | null) =>
  http.post<null>('/api/asset/domain/update', { domainId, domainName, parentId });
export const deleteDomain = (assetDomainId: string) => http.delete<null>('/api/asset/domain/delete', { assetDomainId });

export const pageIndexes = (q: { pageNo: number; pageSize: number; domainId?: string; indexName?: string }) =>
  http.post<Page<IndexRecord>>('/api/asset/index/page', q);
export const assetTree = () => http.get<AssetTreeNode[]>('/api/asset/index/domain_asset_tree');
/** Silent: the drawer shows the refusal. */
export const saveIndex = (form: IndexForm, id?: string) =>
  id
    ? http.post<null>('/api/asset/index/update', { ...form, assetIndexId: id }, { silent: true })
    : http.post<string>('/api/asset/index/save', form, { silent: true });
export const submitIndex = (assetIndexId: string) => http.post<null>('/api/asset/index/submit', { assetIndexId });
export const deleteIndex = (assetIndexId: string) => http.delete<null>('/api/asset/index/delete', { assetIndexId });

export const calculations = () => http.get<CalculationInfo[]>('/api/asset/dev/calculations');
export const configureCalculation = (assetIndexId: string, calcName: string | null, formula: Formula | null) =>
  http.post<null>('/api/asset/dev/configure', { assetIndexId, calcName, formula }, { silent: true });
export const computeIndicators = (periodType: string, periodKey: string, indexIds?: string[]) =>
  http.post<{ runId: string; valueCount: number }>('/api/asset/dev/compute', { periodType, periodKey, indexIds });
export const indicatorValues = (periodType: string, periodKey: string, indexId?: string) =>
  http.get<IndicatorValueRow[]>('/api/asset/dev/values', { periodType, periodKey, ...(indexId ? { indexId } : {}) });
export const indicatorRuns = (pageNo: number, pageSize: number) =>
  http.get<Page<IndicatorRun>>('/api/asset/dev/runs', { pageNo, pageSize });
export const rerunIndicatorRun = (runId: string) => http.post<{ runId: string }>('/api/asset/dev/rerun', { runId });

export const listSchemes = () => http.get<SchemeRecord[]>('/api/assessment/scheme/list');
export const saveScheme = (form: SchemeSaveInput) =>
  http.post<string>('/api/assessment/scheme/save', form, { silent: true });
export const deleteScheme = (id: string) => http.delete<null>('/api/assessment/scheme/delete', { id });
export const startAssessment = (schemeId: string, periodKey: string) =>
  http.post<string>('/api/assessment/start', { schemeId, periodKey });
export const pagePeriods = (pageNo: number, pageSize: number) =>
  http.get<Page<AssessmentPeriodRecord>>('/api/assessment/period/page', { pageNo, pageSize });
export const transitionAssessment = (id: string, action: AssessmentAction, comment?: string) =>
  http.post<null>('/api/assessment/period/transition', { id, action, comment });
export const periodScores = (id: string) => http.get<AssessmentScore[]>('/api/assessment/period/scores', { id });
export const commentScore = (scoreId: string, comment: string) =>
  http.post<null>('/api/assessment/score/comment', { scoreId, comment });
export const drillScore = (scoreId: string, indexId: string) =>
  http.get<DrillRecord[]>('/api/assessment/score/records', { scoreId, indexId });
export async function exportRanking(id: string, name: string) {
  saveBlob(await http.download('/api/assessment/period/export', { id }), `${name}排名.xlsx`);
}
