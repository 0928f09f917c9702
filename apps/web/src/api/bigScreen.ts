import type { BigScreenSnapshot } from '@odp/contracts/constants';
import { BIG_SCREEN_PATH } from '@odp/contracts/constants';
import { http } from './client';

/** Every panel of 大屏, 图表示例 and 生产管理 in one answer (the server's kept snapshot). */
export const getBigScreen = () => http.get<BigScreenSnapshot>(BIG_SCREEN_PATH);

export const bigScreenKeys = { snapshot: ['bigScreen'] as const };
