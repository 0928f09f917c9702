import { address, DISTRICT_GEO, fmtCoord, landline, PLACE_WORDS, personName, pointIn } from '../geo.js';
import { addDays, isoDate, type Rng } from '../random.js';
import { ADDRESS, type Cell, col, type Dataset, DISTRICT, freshName, LAT, LNG, PHONE } from './types.js';

/** 养老机构名录: registered care homes with beds, nursing beds and who they admit. */
export const elderlyCare: Dataset = {
  key: 'elderlyCare',
  fileName: '滨江市养老机构名录.csv',
  columns: [
    col('机构名称', 'org_name', 'C', 100, { primaryKey: true }),
    col('机构性质', 'ownership', 'C', 20, { description: '公办、公建民营或民办' }),
    ADDRESS,
    DISTRICT,
    col('床位数', 'beds', 'N', 6),
    col('护理型床位数', 'nursing_beds', 'N', 6),
    col('收住对象', 'admits', 'C', 50),
    col('负责人', 'manager', 'C', 20, {
      masked: true,
      notShared: true,
      description: '机构负责人姓名，公开时脱敏，不向其他部门共享',
    }),
    PHONE,
    col('备案日期', 'filing_date', 'D', 10),
    LNG,
    LAT,
  ],
  rows(rng: Rng, { today }): Cell[][] {
    const rows: Cell[][] = [];
    const used = new Set<string>();
    for (const d of DISTRICT_GEO) {
      const names = [
        `${d.name}社会福利中心`,
        ...d.streets
          .slice(0, d.county ? 5 : 3)
          .map((s) => `${d.name}${s.replace(/(街道|镇|乡)$/, '')}${s.endsWith('街道') ? '街道' : ''}养老服务中心`),
        ...rng
          .sample(PLACE_WORDS, d.county ? 2 : 4)
          .map((w) => `滨江${w}${rng.pick(['颐养院', '康养中心', '护理院', '老年公寓'])}`),
      ];
      for (const [i, wanted] of names.entries()) {
        const name = freshName(used, wanted, d.name);
        if (!name) continue;
        const ownership =
          i === 0 ? '公办' : name.startsWith('滨江') ? '民办' : rng.pick(['公办', '公建民营', '公建民营']);
        const beds = i === 0 ? rng.int(30, 60) * 10 : rng.int(5, 30) * 10;
        const p = pointIn(rng, d);
        rows.push([
          name,
          ownership,
          address(rng, d),
          d.name,
          beds,
          Math.round(beds * rng.float(0.45, 0.8)),
          rng.pick(['自理、介助、介护老人', '失能、半失能老人', '自理、介助老人', '特困供养人员及社会老人']),
          personName(rng),
          landline(rng),
          isoDate(addDays(today, -rng.int(120, 3600))),
          fmtCoord(p.lng),
          fmtCoord(p.lat),
        ]);
      }
    }
    return rows;
  },
};
