import { PAGE_DATA_KEYS } from '@odp/contracts/constants';

/** Query keys of the shell; resource pages add their own `<resource>.{all,list,detail}` keys. */
export const queryKeys = {
  permission: ['permission'] as const,
  notices: ['notices'] as const,
  departs: { current: ['departs', 'current'] as const },
  portal: {
    indexNum: PAGE_DATA_KEYS.indexNum,
    site: PAGE_DATA_KEYS.site,
  },
};
