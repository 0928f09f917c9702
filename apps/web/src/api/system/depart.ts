import type { DepartTreeNode } from '@odp/contracts';
import { http } from '../client';

export const queryDepartTree = () => http.get<DepartTreeNode[]>('/sys/sysDepart/queryTreeList');
