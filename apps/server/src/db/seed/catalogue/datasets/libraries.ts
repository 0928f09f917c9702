import { address, DISTRICT_GEO, fmtCoord, PLACE_WORDS, pointIn } from '../geo.js';
import type { Rng } from '../random.js';
import { ADDRESS, type Cell, col, type Dataset, DISTRICT, freshName, LAT, LNG } from './types.js';

/** 公共图书馆: the main libraries, branches, city reading rooms and village libraries. */
export const libraries: Dataset = {
  key: 'libraries',
  fileName: '滨江市公共图书馆及城市书房.csv',
  columns: [
    col('名称', 'library_name', 'C', 100, { primaryKey: true }),
    col('类型', 'library_type', 'C', 20, { description: '总馆、分馆、城市书房、农家书屋' }),
    ADDRESS,
    DISTRICT,
    col('藏书量（册）', 'collection', 'N', 10),
    col('阅览座位数', 'seats', 'N', 6),
    col('开放时间', 'open_hours', 'C', 60),
    col('是否24小时开放', 'open_24h', 'C', 2),
    LNG,
    LAT,
  ],
  rows(rng: Rng): Cell[][] {
    const rows: Cell[][] = [];
    const used = new Set<string>();
    const push = (wanted: string, type: string, dName: string) => {
      const name = freshName(used, wanted, dName);
      if (!name) return;
      const d = DISTRICT_GEO.find((x) => x.name === dName) ?? DISTRICT_GEO[0];
      const p = pointIn(rng, d);
      const big = type === '总馆';
      const h24 = type === '城市书房';
      const collection = big
        ? rng.int(80, 320) * 10000
        : type === '分馆'
          ? rng.int(3, 15) * 10000
          : rng.int(3, 20) * 1000;
      const seats = big ? rng.int(8, 25) * 100 : type === '分馆' ? rng.int(8, 30) * 10 : rng.int(2, 8) * 10;
      rows.push([
        name,
        type,
        address(rng, d),
        d.name,
        collection,
        seats,
        h24 ? '全天开放' : big ? '周二至周日 09:00-20:30，周一闭馆' : '09:00-17:00',
        h24 ? '是' : '否',
        fmtCoord(p.lng),
        fmtCoord(p.lat),
      ]);
    };
    push('滨江图书馆', '总馆', '东湖区');
    push('滨江少年儿童图书馆', '总馆', '西城区');
    for (const d of DISTRICT_GEO) {
      push(`${d.name}图书馆`, '总馆', d.name);
      for (const s of d.streets.slice(0, 4)) push(`${d.name}图书馆${s}分馆`, '分馆', d.name);
      for (const w of rng.sample(PLACE_WORDS, d.county ? 2 : 4)) push(`${w}城市书房`, '城市书房', d.name);
      if (d.county) for (const w of rng.sample(PLACE_WORDS, 3)) push(`${w}村农家书屋`, '农家书屋', d.name);
    }
    return rows;
  },
};
