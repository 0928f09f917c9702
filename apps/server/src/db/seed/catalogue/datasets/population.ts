import { DISTRICT_GEO } from '../geo.js';
import { type Rng, round } from '../random.js';
import { type Cell, col, type Dataset, DISTRICT } from './types.js';

/** 户籍人口统计: registered households and population per street and town, five years. */
export const population: Dataset = {
  key: 'population',
  fileName: '滨江市分街道户籍人口统计.csv',
  columns: [
    col('年度', 'stat_year', 'N', 4, { primaryKey: true }),
    DISTRICT,
    col('街道（乡镇）', 'street', 'C', 50, { primaryKey: true }),
    col('户数', 'households', 'N', 8),
    col('户籍人口', 'population', 'N', 8),
    col('男性人口', 'male', 'N', 8),
    col('女性人口', 'female', 'N', 8),
    col('出生人口', 'births', 'N', 6),
    col('死亡人口', 'deaths', 'N', 6),
    col('迁入人口', 'moved_in', 'N', 6),
  ],
  rows(rng: Rng, { today }): Cell[][] {
    const lastYear = today.getUTCFullYear() - 1;
    const rows: Cell[][] = [];
    for (const d of DISTRICT_GEO) {
      for (const street of d.streets) {
        let pop = rng.int(d.county ? 30 : 45, d.county ? 75 : 130) * 1000;
        const perHousehold = rng.float(2.3, 2.9);
        for (let y = lastYear - 4; y <= lastYear; y++) {
          const births = Math.round(pop * rng.float(0.0055, 0.0085));
          const deaths = Math.round(pop * rng.float(0.0058, 0.0078));
          const movedIn = Math.round(pop * rng.float(0.008, d.county ? 0.014 : 0.03));
          const male = Math.round(pop * rng.float(0.494, 0.506));
          rows.push([
            y,
            d.name,
            street,
            Math.round(pop / perHousehold),
            pop,
            male,
            pop - male,
            births,
            deaths,
            movedIn,
          ]);
          pop = Math.round(pop + births - deaths + movedIn - pop * rng.float(0.006, 0.012));
        }
      }
    }
    return rows.map((r) => r.map((v) => (typeof v === 'number' ? round(v, 0) : v)));
  },
};
