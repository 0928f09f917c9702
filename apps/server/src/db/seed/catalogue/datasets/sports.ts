import { address, DISTRICT_GEO, fmtCoord, landline, PLACE_WORDS, pointIn } from '../geo.js';
import type { Rng } from '../random.js';
import { ADDRESS, type Cell, col, type Dataset, DISTRICT, freshName, LAT, LNG, PHONE } from './types.js';

/** 公共体育场馆: stadiums, gyms, pools and fitness centres open to the public. */
export const sports: Dataset = {
  key: 'sports',
  fileName: '滨江市公共体育场馆.csv',
  columns: [
    col('场馆名称', 'venue_name', 'C', 100, { primaryKey: true }),
    col('场馆类型', 'venue_type', 'C', 30),
    ADDRESS,
    DISTRICT,
    col('建筑面积（平方米）', 'floor_area', 'N', 10),
    col('开放时间', 'open_hours', 'C', 60),
    col('收费情况', 'fee', 'C', 100),
    PHONE,
    LNG,
    LAT,
  ],
  rows(rng: Rng): Cell[][] {
    const rows: Cell[][] = [];
    const used = new Set<string>();
    const push = (wanted: string, type: string, dName: string, area: number, fee: string) => {
      const name = freshName(used, wanted, dName);
      if (!name) return;
      const d = DISTRICT_GEO.find((x) => x.name === dName) ?? DISTRICT_GEO[0];
      const p = pointIn(rng, d);
      const hours = type.includes('游泳') ? '06:30-21:30' : type === '社区健身点' ? '全天开放' : '08:00-21:00';
      rows.push([
        name,
        type,
        address(rng, d),
        d.name,
        area,
        hours,
        fee,
        landline(rng),
        fmtCoord(p.lng),
        fmtCoord(p.lat),
      ]);
    };
    push('滨江市奥林匹克体育中心体育场', '体育场', '南湖区', 229000, '大型活动期间对外，平时外场免费开放');
    push('滨江市奥林匹克体育中心体育馆', '体育馆', '南湖区', 39800, '低收费，羽毛球每小时 40 元');
    push('滨江市游泳馆', '游泳馆', '西城区', 18500, '成人 30 元/次，学生 15 元/次');
    push('滨江市全民健身中心', '全民健身中心', '东湖区', 26000, '部分项目免费，其余低收费');
    push('滨江市网球中心', '网球场', '北山区', 12000, '每片每小时 60 元');
    for (const d of DISTRICT_GEO) {
      push(`${d.name}体育馆`, '体育馆', d.name, rng.int(60, 150) * 100, '工作日 17:00 前半价');
      push(`${d.name}全民健身中心`, '全民健身中心', d.name, rng.int(30, 90) * 100, '健身房 10 元/次');
      if (rng.chance(0.7)) push(`${d.name}游泳馆`, '游泳馆', d.name, rng.int(40, 90) * 100, '成人 25 元/次');
      for (const w of rng.sample(PLACE_WORDS, d.county ? 4 : 6)) {
        const type = rng.pick(['社区健身点', '笼式足球场', '篮球场', '百姓健身房', '门球场']);
        const fee = type === '百姓健身房' ? '低收费，月卡 50 元' : '免费';
        push(`${w}${type}`, type, d.name, type === '社区健身点' ? rng.int(2, 10) * 100 : rng.int(6, 30) * 100, fee);
      }
    }
    return rows;
  },
};
