import {
  type BoundIdentity,
  Constants,
  type IdmAuthorizeInput,
  type IdmUserItem,
  type IdmUserQuery,
  type LoginResult,
  type Page,
  type SsoOutcome,
  type SsoProviders,
} from '@odp/contracts';
import { http } from './client';

/** Query keys of single sign-on: the providers offered, the IDM list, the user's own 绑定. */
export const ssoKeys = {
  providers: ['sso', 'providers'] as const,
  idm: { all: ['sso', 'idm'] as const, list: (params: object) => ['sso', 'idm', 'list', params] as const },
  mine: ['sso', 'mine'] as const,
};

export const getSsoProviders = () => http.get<SsoProviders>('/sso/providers', undefined, { silent: true });

/** Where the browser goes to sign in at the OpenID Connect provider (a full page load, not a request). */
export const oidcStartUrl = (redirect?: string | null) =>
  `${Constants.apiBase}/sso/oidc/start${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`;

/** The session of a one-time hand-off code (the page reports its own failure). */
export const getLoginUser = (code: string) =>
  http.get<LoginResult>(`/thirdLogin/getLoginUser/${encodeURIComponent(code)}`, undefined, { silent: true });

export const sgSsoLogin = (token: string) => http.post<SsoOutcome>('/thirdLogin/sgSso', { token }, { silent: true });

export const myIdentities = () => http.get<BoundIdentity[]>('/sso/identity/mine');
export const unbindIdentity = (id: string) => http.post<null>('/sso/identity/unbind', { id });

type Paged<Q extends { pageNo: number; pageSize: number }> = Partial<Q> & Pick<Q, 'pageNo' | 'pageSize'>;
export const listIdmUsers = (query: Paged<IdmUserQuery>) => http.post<Page<IdmUserItem>>('/imd/user/queryList', query);
export const authorizeIdmUser = (input: IdmAuthorizeInput) => http.put<IdmUserItem>('/imd/user/authorization', input);
export const disableIdmUser = (id: string) => http.post<IdmUserItem>('/imd/user/disable', { id });
