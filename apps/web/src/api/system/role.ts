import type { RoleOption } from '@odp/contracts';
import { http } from '../client';

export const queryAllRoles = () => http.get<RoleOption[]>('/sys/role/queryall');
