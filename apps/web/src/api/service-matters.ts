import type { MechanismNode, ServiceAmount, ServiceFacet, ServiceMatterPage, ServiceSearchField } from '@odp/contracts';
import { http } from './client';

/**
 * 事项主线目录: published public catalogue entries that serve a government service item, their
 * facet counts and the departments providing them.
 */

export type { MechanismNode, ServiceAmount, ServiceFacet, ServiceMatterCard, ServiceMatterPage } from '@odp/contracts';

export type ServiceMattersFilters = Partial<Record<ServiceSearchField, string>> &
  Partial<Record<ServiceFacet, string[]>> & { sourceUnitCode?: string };

export type ServiceMattersQuery = ServiceMattersFilters & {
  pageNo: number;
  pageSize: number;
  orderSc?: 'asc' | 'desc';
};

const clean = <T extends object>(value: T) =>
  Object.fromEntries(
    Object.entries(value).filter(
      ([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  ) as T;

export const pageServiceMatters = (query: ServiceMattersQuery) =>
  http.post<ServiceMatterPage>('/api/ServiceMatters/page', clean({ orderBy: 'updateTime', ...query }));

/** Facet counts for the form and the chosen department (sent as `sourceUnitList`). */
export const getServiceAmount = ({ sourceUnitCode, ...filters }: ServiceMattersFilters) =>
  http.post<ServiceAmount>(
    '/api/resourceMarket/getServiceAmount',
    clean({ ...filters, sourceUnitList: sourceUnitCode ? [sourceUnitCode] : undefined }),
  );

export const getMechanismTree = () => http.post<MechanismNode[]>('/api/ServiceMatters/mechanismTree');

export const serviceMatterKeys = {
  all: ['serviceMatters'] as const,
  list: (query: ServiceMattersQuery) => ['serviceMatters', 'list', query] as const,
  amount: (filters: ServiceMattersFilters) => ['serviceMatters', 'amount', filters] as const,
  tree: ['serviceMatters', 'tree'] as const,
};
