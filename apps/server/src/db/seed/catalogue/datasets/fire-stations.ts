import { address, DISTRICT_GEO, fmtCoord, pointIn } from '../geo.js';
import { type Rng, round } from '../random.js';
import { ADDRESS, type Cell, col, type Dataset, DISTRICT, LAT, LNG } from './types.js';

/** 消防救援站: fire and rescue stations with type, vehicles and the area they cover. */
export const fireStations: Dataset = {
  key: 'fireStations',
  fileName: '滨江市消防救援站分布.csv',
  columns: [
    col('消防站名称', 'station_name', 'C', 100, { primaryKey: true }),
    col('消防站类型', 'station_type', 'C', 20, { description: '特勤站、一级站、二级站、小型站（GB 51054）' }),
    ADDRESS,
    DISTRICT,
    col('消防车数量', 'vehicles', 'N', 4),
    col('辖区面积（平方公里）', 'coverage_km2', 'N', 8),
    col('投入使用年份', 'since_year', 'N', 4),
    col('报警电话', 'alarm_phone', 'C', 10, { description: '统一报警电话 119' }),
    LNG,
    LAT,
  ],
  rows(rng: Rng): Cell[][] {
    const rows: Cell[][] = [];
    for (const d of DISTRICT_GEO) {
      const names = [
        `${d.name}${d.county ? '' : '特勤'}消防救援站`,
        ...d.roads.slice(0, d.county ? 4 : 5).map((r) => `${r.replace(/路$/, '')}消防救援站`),
        ...d.streets.filter((s) => !s.endsWith('街道')).map((s) => `${s}专职消防队`),
      ];
      names.forEach((name, i) => {
        const type = name.includes('特勤') ? '特勤站' : name.includes('专职') ? '小型站' : i < 3 ? '一级站' : '二级站';
        const p = pointIn(rng, d);
        rows.push([
          name,
          type,
          address(rng, d),
          d.name,
          type === '特勤站'
            ? rng.int(10, 14)
            : type === '一级站'
              ? rng.int(5, 7)
              : type === '二级站'
                ? rng.int(2, 4)
                : 2,
          round(d.county ? rng.float(25, 90) : rng.float(4, 7), 1),
          rng.int(1992, 2024),
          '119',
          fmtCoord(p.lng),
          fmtCoord(p.lat),
        ]);
      });
    }
    return rows;
  },
};
