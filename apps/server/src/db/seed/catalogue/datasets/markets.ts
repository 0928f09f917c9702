import { address, districtByName, fmtCoord, PLACE_WORDS, pointIn } from '../geo.js';
import { type Rng, round } from '../random.js';
import { ADDRESS, type Cell, col, type Dataset, LAT, LNG } from './types.js';

/** 南湖区农贸市场: stalls, floor area, operator, hours and star rating. */
export const markets: Dataset = {
  key: 'markets',
  fileName: '南湖区农贸市场名录.csv',
  columns: [
    col('市场名称', 'market_name', 'C', 100, { primaryKey: true }),
    ADDRESS,
    col('所属街道', 'street', 'C', 50),
    col('摊位数', 'stalls', 'N', 5),
    col('营业面积（平方米）', 'floor_area', 'N', 8),
    col('开办单位', 'operator', 'C', 100),
    col('营业时间', 'open_hours', 'C', 30),
    col('星级', 'star_rating', 'C', 10, { description: '星级农贸市场评定结果' }),
    LNG,
    LAT,
  ],
  rows(rng: Rng): Cell[][] {
    const d = districtByName('南湖区');
    const names = [
      ...d.streets.map((s) => `${s.replace('街道', '')}农贸市场`),
      ...rng.sample(PLACE_WORDS, 22).map((w) => `${w}${rng.pick(['农贸市场', '菜市场', '生鲜市场'])}`),
    ];
    return names.map((name) => {
      const stalls = rng.int(60, 320);
      const p = pointIn(rng, d);
      return [
        name,
        address(rng, d),
        rng.pick(d.streets),
        stalls,
        round(stalls * rng.float(14, 22), 0),
        rng.pick([
          '南湖区市场发展服务中心',
          '滨江市菜篮子集团有限公司',
          `${name.slice(0, 2)}股份经济合作社`,
          '滨江农都市场管理有限公司',
        ]),
        rng.pick(['05:30-19:00', '06:00-19:30', '05:00-18:30']),
        rng.weighted([
          ['五星级', 1],
          ['四星级', 3],
          ['三星级', 4],
          ['未评定', 1],
        ] as const),
        fmtCoord(p.lng),
        fmtCoord(p.lat),
      ];
    });
  },
};
