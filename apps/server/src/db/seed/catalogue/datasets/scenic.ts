import { address, districtByName, fmtCoord, landline, pointIn } from '../geo.js';
import type { Rng } from '../random.js';
import { ADDRESS, type Cell, col, type Dataset, LAT, LNG } from './types.js';

const SPOTS: [string, string, number, string][] = [
  ['青山湖国家森林公园', '5A', 80, '森林、湖泊与登山步道'],
  ['龙门古镇', '4A', 60, '明清古建筑群与非遗展示'],
  ['大竹海景区', '4A', 50, '万亩竹海与竹文化'],
  ['云峰山景区', '4A', 70, '高山云海、索道与玻璃栈道'],
  ['青溪漂流', '3A', 120, '溪谷漂流'],
  ['翠竹岭茶园', '3A', 0, '高山茶园与采茶体验'],
  ['青山县博物馆', '3A', 0, '县域历史文化陈列'],
  ['白云洞景区', '3A', 45, '喀斯特溶洞'],
  ['溪东古村', '3A', 0, '古村落与民宿群'],
  ['龙潭峡谷', '3A', 40, '峡谷瀑布'],
  ['青山湖湿地公园', '3A', 0, '湖滨湿地与观鸟'],
  ['竹溪田园综合体', '2A', 0, '田园农耕与亲子研学'],
  ['云峰乡村振兴示范带', '2A', 0, '乡村骑行绿道'],
  ['文昌阁', '2A', 10, '县城古迹'],
  ['石门瀑布', '2A', 20, '瀑布群'],
  ['青山红色教育基地', '2A', 0, '红色文化教育'],
  ['龙门山滑雪场', '2A', 180, '冬季滑雪'],
  ['竹海房车营地', '2A', 0, '房车露营'],
];

/** 青山县 A 级旅游景区: rated scenic spots of the county with tickets and hours. */
export const scenic: Dataset = {
  key: 'scenic',
  fileName: '青山县A级旅游景区名录.csv',
  columns: [
    col('景区名称', 'spot_name', 'C', 100, { primaryKey: true }),
    col('景区等级', 'rating', 'C', 4, { description: 'A 级旅游景区等级（GB/T 17775）' }),
    col('景区特色', 'feature', 'C', 100),
    ADDRESS,
    col('门票价格（元）', 'ticket_price', 'N', 6, { description: '成人全价票，0 表示免费' }),
    col('开放时间', 'open_hours', 'C', 60),
    col('咨询电话', 'phone', 'C', 20),
    LNG,
    LAT,
  ],
  rows(rng: Rng): Cell[][] {
    const d = districtByName('青山县');
    return SPOTS.map(([name, rating, price, feature]) => {
      const p = pointIn(rng, d, 0.09);
      return [
        name,
        rating,
        feature,
        address(rng, d),
        price,
        name.includes('滑雪') ? '12 月至次年 2 月 09:00-17:00' : rng.pick(['08:00-17:30', '08:30-17:00', '全天开放']),
        landline(rng),
        fmtCoord(p.lng),
        fmtCoord(p.lat),
      ];
    });
  },
};
