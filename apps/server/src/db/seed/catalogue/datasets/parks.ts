import { address, fmtCoord, PLACE_WORDS, pickDistrict, pointIn } from '../geo.js';
import { type Rng, round } from '../random.js';
import { ADDRESS, type Cell, col, type Dataset, DISTRICT, distinct, LAT, LNG } from './types.js';

const FACILITIES = [
  '儿童游乐区',
  '健身步道',
  '篮球场',
  '公共厕所',
  '停车场',
  '观景平台',
  '滨水栈道',
  '草坪',
  '休憩亭廊',
  '无障碍通道',
];

/** 公园绿地: parks and green spaces with type, size and facilities. */
export const parks: Dataset = {
  key: 'parks',
  fileName: '滨江市公园绿地名录.csv',
  columns: [
    col('公园名称', 'park_name', 'C', 100, { primaryKey: true }),
    col('公园类型', 'park_type', 'C', 20, { description: '综合公园、社区公园、专类公园、带状公园、游园（CJJ/T 85）' }),
    DISTRICT,
    ADDRESS,
    col('占地面积（公顷）', 'area_ha', 'N', 8),
    col('绿地率（%）', 'green_ratio', 'N', 5),
    col('开放时间', 'open_hours', 'C', 30),
    col('主要设施', 'facilities', 'C', 200),
    LNG,
    LAT,
  ],
  rows(rng: Rng): Cell[][] {
    const items = distinct(
      95,
      () => {
        const type = rng.weighted([
          ['综合公园', 1],
          ['社区公园', 4],
          ['专类公园', 1],
          ['带状公园', 1.5],
          ['游园', 3],
        ] as const);
        const d = pickDistrict(rng);
        const base =
          type === '专类公园'
            ? `${rng.pick(PLACE_WORDS)}${rng.pick(['植物园', '湿地公园', '体育公园', '儿童公园', '遗址公园'])}`
            : type === '带状公园'
              ? `${rng.pick(d.roads).replace(/(大道|路)$/, '')}${rng.pick(['沿河绿带', '滨江绿道', '景观带'])}`
              : type === '游园'
                ? `${rng.pick(PLACE_WORDS)}${rng.pick(['游园', '口袋公园', '街头绿地'])}`
                : `${rng.pick(PLACE_WORDS)}公园`;
        return { type, d, name: type === '综合公园' ? `${d.name}${base}` : base };
      },
      (v) => v.name,
    );
    return items.map(({ type, d, name }) => {
      const area =
        type === '综合公园'
          ? rng.float(10, 60)
          : type === '专类公园'
            ? rng.float(3, 40)
            : type === '游园'
              ? rng.float(0.2, 1.5)
              : rng.float(1, 10);
      const p = pointIn(rng, d);
      return [
        name,
        type,
        d.name,
        address(rng, d),
        round(area, 2),
        round(rng.float(65, 88), 1),
        type === '专类公园' && name.includes('植物园') ? '07:00-18:00' : '全天开放',
        rng.sample(FACILITIES, rng.int(2, 5)).join('、'),
        fmtCoord(p.lng),
        fmtCoord(p.lat),
      ];
    });
  },
};
