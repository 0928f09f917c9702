import { address, DISTRICT_GEO, fmtCoord, landline, PLACE_WORDS, pointIn } from '../geo.js';
import type { Rng } from '../random.js';
import { ADDRESS, type Cell, col, type Dataset, DISTRICT, LAT, LNG, PHONE } from './types.js';

const CN_NUM = [
  '',
  '第一',
  '第二',
  '第三',
  '第四',
  '第五',
  '第六',
  '第七',
  '第八',
  '第九',
  '第十',
  '第十一',
  '第十二',
  '第十三',
  '第十四',
];

/** 学校名录: kindergartens to secondary vocational schools, public and private. */
export const schools: Dataset = {
  key: 'schools',
  fileName: '滨江市各级各类学校名录.csv',
  columns: [
    col('学校名称', 'school_name', 'C', 100, { primaryKey: true }),
    col('办学层次', 'school_level', 'C', 20, { description: '幼儿园、小学、初中、九年一贯制、普通高中、中等职业学校' }),
    col('办学性质', 'ownership', 'C', 10, { description: '公办或民办' }),
    ADDRESS,
    DISTRICT,
    PHONE,
    col('在校生数', 'students', 'N', 6),
    col('教职工数', 'staff', 'N', 5),
    LNG,
    LAT,
  ],
  rows(rng: Rng): Cell[][] {
    const rows: Cell[][] = [];
    const names = new Set<string>();
    const add = (name: string, level: string, owner: string, students: number, dName: string) => {
      if (names.has(name)) return;
      names.add(name);
      const d = DISTRICT_GEO.find((x) => x.name === dName) ?? DISTRICT_GEO[0];
      const p = pointIn(rng, d);
      const ratio = level === '幼儿园' ? 8 : level === '小学' ? 16 : level === '中等职业学校' ? 11 : 12;
      rows.push([
        name,
        level,
        owner,
        address(rng, d),
        d.name,
        landline(rng),
        students,
        Math.max(8, Math.round((students / ratio) * rng.float(0.9, 1.15))),
        fmtCoord(p.lng),
        fmtCoord(p.lat),
      ]);
    };
    for (let i = 1; i <= 14; i++) {
      add(
        `滨江市${CN_NUM[i]}中学`,
        i <= 6 ? '普通高中' : '初中',
        '公办',
        rng.int(12, 30) * 100,
        rng.pick(DISTRICT_GEO).name,
      );
    }
    add('滨江市外国语学校', '九年一贯制', '公办', 2400, '西城区');
    add('滨江市职业技术学校', '中等职业学校', '公办', 3200, '北山区');
    add('滨江市财经职业学校', '中等职业学校', '公办', 2100, '南湖区');
    add('滨江市艺术学校', '中等职业学校', '公办', 800, '东湖区');
    for (const d of DISTRICT_GEO) {
      add(`${d.name}实验小学`, '小学', '公办', rng.int(15, 30) * 100, d.name);
      add(`${d.name}实验中学`, '初中', '公办', rng.int(12, 24) * 100, d.name);
      if (d.county) add(`${d.name}中学`, '普通高中', '公办', rng.int(18, 28) * 100, d.name);
      for (const street of d.streets) {
        const short = street.replace(/(街道|镇|乡)$/, '');
        add(
          `${d.name}${short}${street.endsWith('街道') ? '' : street.slice(-1)}中心小学`,
          '小学',
          '公办',
          rng.int(6, 20) * 100,
          d.name,
        );
        add(`${d.name}${short}中学`, '初中', '公办', rng.int(6, 16) * 100, d.name);
        add(`${d.name}${short}幼儿园`, '幼儿园', '公办', rng.int(12, 40) * 10, d.name);
      }
      for (const road of rng.sample(d.roads, 3))
        add(`${d.name}${road.replace(/(大道|路)$/, '')}小学`, '小学', '公办', rng.int(8, 22) * 100, d.name);
      for (const w of rng.sample(PLACE_WORDS, 4))
        add(`${d.name}${w}幼儿园`, '幼儿园', rng.chance(0.4) ? '民办' : '公办', rng.int(10, 36) * 10, d.name);
      add(
        `滨江${rng.pick(PLACE_WORDS)}${rng.pick(['双语', '育才', '启航', '博雅'])}学校`,
        '九年一贯制',
        '民办',
        rng.int(8, 20) * 100,
        d.name,
      );
    }
    return rows;
  },
};
