import { address, fmtCoord, PLACE_WORDS, pickDistrict, pointIn } from '../geo.js';
import type { Rng } from '../random.js';
import { ADDRESS, type Cell, col, type Dataset, DISTRICT, distinct, LAT, LNG } from './types.js';

/** 公共厕所: city public toilets with grade, stalls and accessibility. */
export const toilets: Dataset = {
  key: 'toilets',
  fileName: '滨江市公共厕所分布.csv',
  columns: [
    col('公厕名称', 'toilet_name', 'C', 100, { primaryKey: true }),
    col('公厕类别', 'grade', 'C', 10, { description: '一类、二类、三类（CJJ 14-2016）' }),
    ADDRESS,
    DISTRICT,
    col('男厕位数', 'male_stalls', 'N', 4),
    col('女厕位数', 'female_stalls', 'N', 4),
    col('是否有无障碍厕位', 'accessible', 'C', 2),
    col('是否有第三卫生间', 'family_room', 'C', 2),
    col('开放时间', 'open_hours', 'C', 30),
    LNG,
    LAT,
  ],
  rows(rng: Rng): Cell[][] {
    const items = distinct(
      220,
      () => {
        const d = pickDistrict(rng);
        const road = rng.pick(d.roads);
        const where = rng.weighted([
          [`${road}`, 4],
          [`${rng.pick(PLACE_WORDS)}公园`, 2],
          [`${rng.pick(PLACE_WORDS)}广场`, 1],
          [`${rng.pick(d.streets).replace(/(街道|镇|乡)$/, '')}农贸市场`, 1],
          [`${road.replace(/(大道|路)$/, '')}公交站`, 1],
        ] as const);
        return { d, road, name: `${where}${rng.int(1, 3) > 1 ? `${rng.pick(['东', '西', '南', '北'])}侧` : ''}公厕` };
      },
      (v) => v.name,
    );
    return items.map(({ d, road, name }) => {
      const grade = rng.weighted([
        ['一类', 2],
        ['二类', 5],
        ['三类', 2],
      ] as const);
      const male = grade === '一类' ? rng.int(6, 12) : grade === '二类' ? rng.int(3, 7) : rng.int(2, 4);
      const p = pointIn(rng, d);
      return [
        name,
        grade,
        address(rng, d, road),
        d.name,
        male,
        Math.round(male * rng.float(1.3, 1.6)),
        grade === '三类' && rng.chance(0.5) ? '否' : '是',
        grade === '一类' || rng.chance(0.35) ? '是' : '否',
        grade === '三类' ? '06:00-22:00' : '00:00-24:00',
        fmtCoord(p.lng),
        fmtCoord(p.lat),
      ];
    });
  },
};
