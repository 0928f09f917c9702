import { address, fmtCoord, PLACE_WORDS, pickDistrict, pointIn, TRADE_WORDS } from '../geo.js';
import { type Rng, round } from '../random.js';
import { ADDRESS, type Cell, col, type Dataset, DISTRICT, distinct, LAT, LNG } from './types.js';

const OPERATORS = [
  '滨江能源集团有限公司',
  '滨江市公交集团新能源有限公司',
  '滨江城投智慧能源有限公司',
  '绿源充电科技有限公司',
  '星联充电服务有限公司',
  '之江新能源科技有限公司',
];

/** 充电设施: public charging stations with fast and slow charger counts and prices. */
export const charging: Dataset = {
  key: 'charging',
  fileName: '滨江市电动汽车公共充电站.csv',
  columns: [
    col('充电站名称', 'station_name', 'C', 100, { primaryKey: true }),
    col('运营单位', 'operator', 'C', 100),
    ADDRESS,
    DISTRICT,
    col('快充桩数', 'fast_chargers', 'N', 4, { description: '直流快充桩数量' }),
    col('慢充桩数', 'slow_chargers', 'N', 4, { description: '交流慢充桩数量' }),
    col('电费（元每千瓦时）', 'power_price', 'N', 6, { description: '峰谷平均电价' }),
    col('服务费（元每千瓦时）', 'service_fee', 'N', 6),
    col('开放时间', 'open_hours', 'C', 50),
    LNG,
    LAT,
  ],
  rows(rng: Rng): Cell[][] {
    const items = distinct(
      180,
      () => {
        const d = pickDistrict(rng);
        const place = rng.weighted([
          [`${rng.pick(TRADE_WORDS)}${rng.pick(['广场', '商业中心', '大厦'])}`, 4],
          [`${rng.pick(PLACE_WORDS)}${rng.pick(['小区', '公园', '停车场'])}`, 4],
          [
            `${rng.pick(d.roads).replace(/(大道|路)$/, '')}${rng.pick(['公交首末站', '加油站', '服务区', '停车场'])}`,
            3,
          ],
        ] as const);
        return { d, name: `${place}充电站` };
      },
      (v) => v.name,
    );
    return items.map(({ d, name }) => {
      const fast = rng.weighted([
        [0, 1],
        [rng.int(2, 8), 5],
        [rng.int(10, 30), 2],
      ] as const);
      const slowDrawn = rng.weighted([
        [0, 2],
        [rng.int(2, 12), 5],
        [rng.int(12, 40), 1],
      ] as const);
      const slow = fast + slowDrawn === 0 ? 4 : slowDrawn;
      const p = pointIn(rng, d);
      return [
        name,
        rng.pick(OPERATORS),
        address(rng, d),
        d.name,
        fast,
        slow,
        round(rng.float(0.58, 0.92), 2).toFixed(2),
        round(rng.pick([0.4, 0.5, 0.6, 0.7, 0.8]), 2).toFixed(2),
        rng.chance(0.8) ? '00:00-24:00' : '07:00-22:00',
        fmtCoord(p.lng),
        fmtCoord(p.lat),
      ];
    });
  },
};
