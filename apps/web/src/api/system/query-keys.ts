import { PAGE_DATA_KEYS } from '@odp/contracts/constants';

/**
 * Query keys of the system resources, one factory so every list, detail and mutation of a resource
 * agrees on the prefix it invalidates (STYLE item 9).
 */
export function resourceKeys(name: string) {
  const all = ['system', name] as const;
  return {
    all,
    list: (params: object) => [...all, 'list', params] as const,
    detail: (id: string) => [...all, 'detail', id] as const,
  };
}

const roles = resourceKeys('role');
const departs = resourceKeys('depart');

export const systemKeys = {
  users: resourceKeys('user'),
  roles: { ...roles, options: [...roles.all, 'options'] as const },
  departs: { ...departs, tree: [...departs.all, 'tree'] as const },
  dict: (code: string) => PAGE_DATA_KEYS.dict(code),
};
