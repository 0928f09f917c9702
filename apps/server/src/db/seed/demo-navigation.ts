import { NAV_OPEN_MODE } from '@odp/contracts';
import sharp from 'sharp';
import { insertIcon } from '../../modules/navigation/repository.js';
import { createStorage } from '../../platform/storage/storage.js';
import type { Executor } from '../client.js';
import { navApps } from '../schema/index.js';
import { encodePng, type Rgb } from './pictures.js';

type DemoNav = {
  name: string;
  description: string;
  url: string;
  openMode: 1 | 2;
  needLogin: boolean;
  enabled: boolean;
  colors: [Rgb, Rgb];
};

/** 功能导航 of the demo city: the developer centre of this platform and the bureau's sibling systems. */
const DEMO_NAV: DemoNav[] = [
  {
    name: '开发者中心',
    description: '创建开放数据接口应用、获取应用密钥，查看接口调用说明与调用记录',
    url: '/personalCenter/perCenter?current=3',
    openMode: NAV_OPEN_MODE.newTab,
    needLogin: true,
    enabled: true,
    colors: [
      [29, 95, 194],
      [64, 150, 255],
    ],
  },
  {
    name: '可视化建模平台',
    description: '拖拽式数据建模与可视化看板制作，支持开放数据集直接接入',
    url: 'https://bi.binjiang.gov.cn/modeling',
    openMode: NAV_OPEN_MODE.embedded,
    needLogin: true,
    enabled: true,
    colors: [
      [19, 140, 120],
      [80, 200, 160],
    ],
  },
  {
    name: '数据交换平台',
    description: '市级部门之间的数据交换任务配置、运行监控与交换日志',
    url: 'https://exchange.binjiang.gov.cn/',
    openMode: NAV_OPEN_MODE.newTab,
    needLogin: true,
    enabled: true,
    colors: [
      [120, 70, 190],
      [170, 120, 240],
    ],
  },
  {
    name: '滨江市政务服务网',
    description: '个人和法人办事指南、在线申报与办件进度查询',
    url: 'https://zwfw.binjiang.gov.cn/',
    openMode: NAV_OPEN_MODE.newTab,
    needLogin: false,
    enabled: true,
    colors: [
      [200, 60, 50],
      [240, 120, 90],
    ],
  },
  {
    name: '数据资产管理系统',
    description: '资产全景、数据地图与数据质量管理（建设中）',
    url: 'https://assets.binjiang.gov.cn/',
    openMode: NAV_OPEN_MODE.newTab,
    needLogin: true,
    enabled: false,
    colors: [
      [180, 120, 20],
      [240, 180, 60],
    ],
  },
];

/** A 96 px icon: a diagonal gradient with a white square in the middle. */
function icon([from, to]: [Rgb, Rgb]): Buffer {
  const size = 96;
  return encodePng(size, size, (x, y) => {
    const t = (x + y) / (2 * size);
    const inner = x > 30 && x < 66 && y > 30 && y < 66;
    return inner ? [255, 255, 255] : ([0, 1, 2].map((i) => Math.round(from[i] + (to[i] - from[i]) * t)) as Rgb);
  });
}

/** The demo's 功能导航 entries with their icons; runs once. */
export async function seedDemoNavigation(db: Executor, dataDir: string): Promise<number> {
  const [already] = await db.select({ id: navApps.id }).from(navApps).limit(1);
  if (already) return 0;
  const storage = createStorage(dataDir);
  for (const [i, nav] of DEMO_NAV.entries()) {
    const webp = await sharp(icon(nav.colors)).webp({ quality: 85 }).toBuffer();
    const storageKey = await storage.put(webp, 'bin');
    const stored = await insertIcon(db, { storageKey, mimeType: 'image/webp', size: webp.length });
    const { colors: _colors, ...fields } = nav;
    await db.insert(navApps).values({ ...fields, iconId: stored.id, sortNo: i + 1, createdBy: 'admin' });
  }
  return DEMO_NAV.length;
}
