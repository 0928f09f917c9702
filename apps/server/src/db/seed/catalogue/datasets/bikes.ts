import { districtByName, fmtCoord, PLACE_WORDS, pointIn } from '../geo.js';
import type { Rng } from '../random.js';
import { type Cell, col, type Dataset, distinct, LAT, LNG } from './types.js';

/** 东湖区公共自行车租赁点: station number, docks and hours. */
export const bikes: Dataset = {
  key: 'bikes',
  fileName: '东湖区公共自行车租赁点.csv',
  columns: [
    col('站点编号', 'station_no', 'C', 10, { primaryKey: true }),
    col('站点名称', 'station_name', 'C', 100),
    col('所属街道', 'street', 'C', 50),
    col('位置描述', 'location', 'C', 200),
    col('锁止器数量', 'docks', 'N', 4),
    col('服务时间', 'service_hours', 'C', 30),
    LNG,
    LAT,
  ],
  rows(rng: Rng): Cell[][] {
    const d = districtByName('东湖区');
    const items = distinct(
      130,
      () => {
        const r = rng.next();
        const [a, b] = rng.sample(d.roads, 2);
        const name =
          r < 0.5
            ? `${a.replace(/大道$/, '')}${b.replace(/大道$/, '路')}口`
            : r < 0.8
              ? `${rng.pick(PLACE_WORDS)}${rng.pick(['小区', '公园', '地铁站', '学校', '商场'])}`
              : `${a}${rng.pick(['东', '西', '南', '北'])}段`;
        return { name, road: a };
      },
      (v) => v.name,
    );
    return items.map(({ name, road }, i) => {
      const p = pointIn(rng, d, 0.022);
      return [
        `DH${String(1001 + i)}`,
        name,
        rng.pick(d.streets),
        `${road}${rng.pick(['东侧', '西侧', '南侧', '北侧'])}人行道${rng.pick(['', '绿化带旁', '公交站旁', '非机动车道旁'])}`,
        rng.pick([10, 15, 20, 20, 25, 30, 40]),
        rng.chance(0.25) ? '00:00-24:00' : '06:00-21:00',
        fmtCoord(p.lng),
        fmtCoord(p.lat),
      ];
    });
  },
};
