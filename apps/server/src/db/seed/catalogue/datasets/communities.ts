import { address, DISTRICT_GEO, fmtCoord, landline, PLACE_WORDS, pointIn } from '../geo.js';
import { type Rng, round } from '../random.js';
import { ADDRESS, type Cell, col, type Dataset, DISTRICT, LAT, LNG, PHONE } from './types.js';

/** 社区（村）名录: the communities and villages under each street and town. */
export const communities: Dataset = {
  key: 'communities',
  fileName: '滨江市社区（村）名录.csv',
  columns: [
    col('社区（村）名称', 'community_name', 'C', 50),
    col('类型', 'community_type', 'C', 10, { description: '社区或行政村' }),
    DISTRICT,
    col('所属街道（乡镇）', 'street', 'C', 50),
    col('统计用区划代码', 'division_code', 'C', 12, { primaryKey: true, description: '12 位统计用区划代码' }),
    ADDRESS,
    col('户籍人口（人）', 'population', 'N', 8),
    col('面积（平方公里）', 'area_km2', 'N', 8),
    PHONE,
    LNG,
    LAT,
  ],
  rows(rng: Rng): Cell[][] {
    const rows: Cell[][] = [];
    for (const d of DISTRICT_GEO) {
      d.streets.forEach((street, si) => {
        const town = !street.endsWith('街道');
        const n = rng.int(6, 10);
        const words = rng.sample(PLACE_WORDS, n);
        const centre = pointIn(rng, d);
        words.forEach((w, ci) => {
          const village = town && ci >= 2;
          const p = pointIn(rng, { ...d, lng: centre.lng, lat: centre.lat }, d.spread / 3);
          rows.push([
            `${w}${village ? '村' : '社区'}`,
            village ? '行政村' : '社区',
            d.name,
            street,
            `${d.division}${String(si + 1).padStart(3, '0')}${village ? '2' : '0'}${String(ci + 1).padStart(2, '0')}`,
            `${address(rng, d)}（${w}${village ? '村村民委员会' : '社区居民委员会'}）`,
            village ? rng.int(12, 45) * 100 : rng.int(30, 120) * 100,
            round(village ? rng.float(2, 9) : rng.float(0.3, 2.5), 2),
            landline(rng),
            fmtCoord(p.lng),
            fmtCoord(p.lat),
          ]);
        });
      });
    }
    return rows;
  },
};
