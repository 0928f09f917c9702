import { address, DISTRICT_GEO, fmtCoord, landline, pointIn, TRADE_WORDS } from '../geo.js';
import type { Rng } from '../random.js';
import { ADDRESS, type Cell, col, type Dataset, DISTRICT, LAT, LNG, PHONE } from './types.js';

type Org = { name: string; type: string; level: string; owner: string; beds: number; district: string };

const CITY_HOSPITALS: [string, string, string, number][] = [
  ['滨江市第一人民医院', '综合医院', '三级甲等', 2200],
  ['滨江市第二人民医院', '综合医院', '三级甲等', 1600],
  ['滨江市中医院', '中医医院', '三级甲等', 1200],
  ['滨江市妇幼保健院', '妇幼保健院', '三级甲等', 800],
  ['滨江市儿童医院', '专科医院', '三级甲等', 900],
  ['滨江市肿瘤医院', '专科医院', '三级乙等', 700],
  ['滨江市口腔医院', '专科医院', '三级乙等', 80],
  ['滨江市精神卫生中心', '专科医院', '三级乙等', 600],
  ['滨江市第三人民医院', '综合医院', '三级乙等', 900],
  ['滨江市中西医结合医院', '中西医结合医院', '二级甲等', 500],
  ['滨江市红十字会医院', '综合医院', '二级甲等', 450],
  ['滨江市康复医院', '专科医院', '二级甲等', 300],
];

/** 医疗机构名录: hospitals, community health centres, township clinics and private hospitals. */
export const hospitals: Dataset = {
  key: 'hospitals',
  fileName: '滨江市医疗机构名录.csv',
  columns: [
    col('机构名称', 'org_name', 'C', 100, { primaryKey: true }),
    col('机构类别', 'org_type', 'C', 30, { description: '综合医院、中医医院、专科医院、社区卫生服务中心等' }),
    col('机构等级', 'org_level', 'C', 20, { description: '医院等级评审结果' }),
    col('经营性质', 'ownership', 'C', 10, { description: '公立或民营' }),
    ADDRESS,
    DISTRICT,
    PHONE,
    col('床位数', 'beds', 'N', 6, { description: '核定床位数' }),
    LNG,
    LAT,
  ],
  rows(rng: Rng): Cell[][] {
    const orgs: Org[] = [];
    const urban = DISTRICT_GEO.filter((d) => !d.county);
    for (const [name, type, level, beds] of CITY_HOSPITALS) {
      orgs.push({ name, type, level, owner: '公立', beds, district: rng.pick(urban).name });
    }
    for (const d of DISTRICT_GEO) {
      orgs.push({
        name: `${d.name}人民医院`,
        type: '综合医院',
        level: d.county ? '二级甲等' : '三级乙等',
        owner: '公立',
        beds: rng.int(4, 9) * 100,
        district: d.name,
      });
      orgs.push({
        name: `${d.name}中医院`,
        type: '中医医院',
        level: '二级甲等',
        owner: '公立',
        beds: rng.int(2, 5) * 100,
        district: d.name,
      });
      for (const street of d.streets) {
        const clinic = street.endsWith('街道')
          ? `${d.name}${street.replace('街道', '')}社区卫生服务中心`
          : `${d.name}${street}卫生院`;
        orgs.push({
          name: clinic,
          type: street.endsWith('街道') ? '社区卫生服务中心' : '乡镇卫生院',
          level: '一级',
          owner: '公立',
          beds: rng.int(0, 6) * 10,
          district: d.name,
        });
      }
    }
    const privates = rng.sample(TRADE_WORDS, 20);
    privates.forEach((word, i) => {
      const kind = rng.pick(['医院', '眼科医院', '口腔医院', '妇产医院', '骨科医院', '康复医院', '中医医院']);
      const level = i < 3 ? '二级乙等' : rng.pick(['一级', '未定级', '未定级']);
      orgs.push({
        name: `滨江${word}${kind}`,
        type: kind === '医院' ? '综合医院' : kind === '中医医院' ? '中医医院' : '专科医院',
        level,
        owner: '民营',
        beds: level === '二级乙等' ? rng.int(15, 30) * 10 : rng.int(2, 10) * 10,
        district: rng.pick(DISTRICT_GEO).name,
      });
    });
    return orgs.map((o) => {
      const d = DISTRICT_GEO.find((x) => x.name === o.district) ?? DISTRICT_GEO[0];
      const p = pointIn(rng, d);
      return [
        o.name,
        o.type,
        o.level,
        o.owner,
        address(rng, d),
        d.name,
        landline(rng),
        o.beds,
        fmtCoord(p.lng),
        fmtCoord(p.lat),
      ];
    });
  },
};
