import type { IndexNum } from '@odp/contracts';
import { http } from './client';

/** Keys of /api/config/site; any may be missing, the portal then leaves the line out. */
export type SiteConfig = Partial<
  Record<
    'siteName' | 'sponsor' | 'address' | 'phone' | 'servicePhone' | 'icp' | 'police' | 'siteCode' | 'developerCampUrl',
    string
  >
>;

export const getIndexNum = () => http.get<IndexNum>('/api/IndexPage/indexNum');

export const getSiteConfig = () => http.get<SiteConfig>('/api/config/site', undefined, { silent: true });
