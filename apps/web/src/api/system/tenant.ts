import type { Page, TenantCreateInput, TenantItem, TenantPageQuery, TenantUpdateInput } from '@odp/contracts';
import { http } from '../client';
import { resourceKeys } from './query-keys';

export const tenantKeys = resourceKeys('tenant');

export type TenantListParams = Partial<TenantPageQuery> & Pick<TenantPageQuery, 'pageNo' | 'pageSize'>;

export const listTenants = (query: TenantListParams) => http.get<Page<TenantItem>>('/sys/tenant/list', query);

export const addTenant = (input: TenantCreateInput) => http.post<TenantItem>('/sys/tenant/add', input);

export const editTenant = (input: TenantUpdateInput) => http.put<TenantItem>('/sys/tenant/edit', input);
