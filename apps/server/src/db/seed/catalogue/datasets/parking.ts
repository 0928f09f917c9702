import { address, fmtCoord, PLACE_WORDS, pickDistrict, pointIn, TRADE_WORDS } from '../geo.js';
import type { Rng } from '../random.js';
import { ADDRESS, type Cell, col, type Dataset, DISTRICT, distinct, LAT, LNG } from './types.js';

/** 公共停车场: off-street car parks, on-street berths and building car parks open to the public. */
export const parking: Dataset = {
  key: 'parking',
  fileName: '滨江市公共停车场信息.csv',
  columns: [
    col('停车场名称', 'park_name', 'C', 100, { primaryKey: true }),
    col('停车场类型', 'park_type', 'C', 20, { description: '路外公共停车场、道路泊位、配建停车场、立体停车库' }),
    ADDRESS,
    DISTRICT,
    col('泊位数', 'berths', 'N', 6),
    col('充电泊位数', 'charging_berths', 'N', 5),
    col('收费标准', 'tariff', 'C', 200),
    col('开放时间', 'open_hours', 'C', 50),
    LNG,
    LAT,
  ],
  rows(rng: Rng): Cell[][] {
    const items = distinct(
      150,
      () => {
        const d = pickDistrict(rng);
        const type = rng.weighted([
          ['路外公共停车场', 5],
          ['道路泊位', 3],
          ['配建停车场', 4],
          ['立体停车库', 1],
        ] as const);
        const road = rng.pick(d.roads);
        const name =
          type === '道路泊位'
            ? `${road}（${rng
                .sample(
                  d.roads.filter((r) => r !== road),
                  2,
                )
                .join('至')}段）道路泊位`
            : type === '配建停车场'
              ? `${rng.pick(TRADE_WORDS)}${rng.pick(['广场', '大厦', '中心', '商城', '天地'])}地下停车场`
              : type === '立体停车库'
                ? `${rng.pick(PLACE_WORDS)}立体停车库`
                : `${road.replace(/(大道|路)$/, '')}${rng.pick(['公共停车场', '社会停车场', '停车场'])}`;
        return { d, type, road, name };
      },
      (v) => v.name,
    );
    return items.map(({ d, type, road, name }) => {
      const berths =
        type === '道路泊位' ? rng.int(12, 80) : type === '立体停车库' ? rng.int(80, 260) : rng.int(6, 90) * 10;
      const charging = type === '道路泊位' ? 0 : Math.round(berths * rng.float(0, 0.22));
      const first = type === '道路泊位' ? rng.pick([2, 3]) : rng.pick([5, 6, 8, 10]);
      const tariff =
        type === '道路泊位'
          ? `首 30 分钟免费，之后每小时 ${first} 元`
          : `首小时 ${first} 元，之后每小时 ${Math.max(2, first - 2)} 元，24 小时内最高 ${first * 6} 元`;
      const p = pointIn(rng, d);
      return [
        name,
        type,
        address(rng, d, road),
        d.name,
        berths,
        charging,
        tariff,
        type === '道路泊位' ? '07:00-21:00' : '00:00-24:00',
        fmtCoord(p.lng),
        fmtCoord(p.lat),
      ];
    });
  },
};
