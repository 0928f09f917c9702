import { address, DISTRICT_GEO, fmtCoord, landline, PLACE_WORDS, pointIn } from '../geo.js';
import type { Rng } from '../random.js';
import { ADDRESS, type Cell, col, type Dataset, DISTRICT, LAT, LNG, PHONE } from './types.js';

/** 应急避难场所: parks, squares, schools and stadiums designated as shelters. */
export const shelters: Dataset = {
  key: 'shelters',
  fileName: '滨江市应急避难场所.csv',
  columns: [
    col('场所名称', 'shelter_name', 'C', 100, { primaryKey: true }),
    col('场所类别', 'shelter_class', 'C', 20, { description: 'Ⅰ类（长期）、Ⅱ类（中期）、Ⅲ类（紧急）' }),
    col('场所类型', 'shelter_type', 'C', 20, { description: '室内或室外' }),
    ADDRESS,
    DISTRICT,
    col('有效避难面积（平方米）', 'area', 'N', 10),
    col('可容纳人数', 'capacity', 'N', 8),
    col('管理单位', 'manager', 'C', 100),
    PHONE,
    LNG,
    LAT,
  ],
  rows(rng: Rng): Cell[][] {
    const rows: Cell[][] = [];
    const used = new Set<string>();
    for (const d of DISTRICT_GEO) {
      const n = d.county ? 8 : 11;
      for (let i = 0; i < n; i++) {
        const kind = rng.weighted([
          ['公园', 4],
          ['广场', 2],
          ['体育场', 1],
          ['学校', 3],
          ['文化中心', 1],
          ['体育馆', 1],
        ] as const);
        let base =
          kind === '学校'
            ? `${d.name}${rng.pick(d.streets).replace(/(街道|镇|乡)$/, '')}中学`
            : `${rng.pick(PLACE_WORDS)}${kind}`;
        if (used.has(base)) base = `${d.name}${base}`;
        if (used.has(base)) continue;
        used.add(base);
        const indoor = kind === '体育馆' || kind === '文化中心' || (kind === '学校' && rng.chance(0.5));
        const cls = indoor
          ? 'Ⅱ类'
          : rng.weighted([
              ['Ⅰ类', 1],
              ['Ⅱ类', 2],
              ['Ⅲ类', 3],
            ] as const);
        const area = indoor ? rng.int(8, 40) * 100 : rng.int(30, 400) * 100;
        const p = pointIn(rng, d);
        rows.push([
          `${base}应急避难场所`,
          cls,
          indoor ? '室内' : '室外',
          address(rng, d),
          d.name,
          area,
          Math.floor(area / (indoor ? 2 : 1.5)),
          kind === '学校' ? base : `${d.name}${rng.pick(['城市管理局', '应急管理局', '文化和体育局', '人民政府'])}`,
          landline(rng),
          fmtCoord(p.lng),
          fmtCoord(p.lat),
        ]);
      }
    }
    return rows;
  },
};
