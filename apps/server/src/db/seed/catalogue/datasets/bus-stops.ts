import { DISTRICT_GEO, type District, fmtCoord, type Point, pointIn } from '../geo.js';
import type { Rng } from '../random.js';
import { type Cell, col, type Dataset, DISTRICT, distinct, LAT, LNG } from './types.js';

const LANDMARKS = (
  '市民中心 火车东站 体育中心 人民医院 滨江公园 第一中学 湖滨广场 文化中心 科技园 江滨公园 ' +
  '图书馆 汽车客运站 工业园区 大学城 农贸市场 区政府 中医院 万达广场 会展中心 职业技术学院 ' +
  '实验小学 城市阳台 湿地公园 物流园 高铁站 新城商务区'
).split(' ');

type Stop = { name: string; point: Point; district: District };

function stopPool(rng: Rng, d: District): Stop[] {
  const names = distinct(26, () => {
    const r = rng.next();
    if (r < 0.45) {
      const [a, b] = rng.sample(d.roads, 2);
      return `${a.replace(/大道$/, '')}${b.replace(/大道$/, '路')}口`;
    }
    if (r < 0.8) return `${d.name.slice(0, 2)}${rng.pick(LANDMARKS)}`;
    return `${rng.pick(d.streets).replace(/(街道|镇|乡)$/, '')}${rng.pick(['东站', '西站', '南站', '北站', '新村', '社区'])}`;
  });
  return names.map((name) => ({ name, point: pointIn(rng, d), district: d }));
}

/** 公交线路站点: every stop of each line in order, with coordinates. */
export const busStops: Dataset = {
  key: 'busStops',
  fileName: '滨江市公交线路站点信息.csv',
  columns: [
    col('线路名称', 'line_name', 'C', 50, { primaryKey: true, description: '公交线路名称' }),
    col('线路类型', 'line_type', 'C', 20, { description: '常规线路、快速公交、城乡线路或夜间线路' }),
    col('运行方向', 'direction', 'C', 100, { description: '起点站—终点站' }),
    col('站点序号', 'stop_seq', 'N', 4, {
      primaryKey: true,
      description: '站点在本方向上的顺序号，从 1 开始',
    }),
    col('站点名称', 'stop_name', 'C', 100),
    LNG,
    LAT,
    DISTRICT,
  ],
  rows(rng: Rng): Cell[][] {
    const pools = new Map(DISTRICT_GEO.map((d) => [d.code, stopPool(rng, d)]));
    const urban = DISTRICT_GEO.filter((d) => !d.county);
    const lines: { name: string; type: string; districts: District[] }[] = [];
    for (let i = 1; i <= 16; i++) lines.push({ name: `${i}路`, type: '常规线路', districts: rng.sample(urban, 2) });
    for (const n of [101, 102, 105, 118])
      lines.push({ name: `${n}路`, type: '常规线路', districts: rng.sample(urban, 3) });
    for (const n of [1, 2, 3]) lines.push({ name: `B${n}路`, type: '快速公交', districts: rng.sample(urban, 2) });
    for (const n of [1, 2]) lines.push({ name: `夜${n}路`, type: '夜间线路', districts: rng.sample(urban, 2) });
    for (const county of DISTRICT_GEO.filter((d) => d.county)) {
      const prefix = county.name.slice(0, 2);
      for (let i = 1; i <= 3; i++) lines.push({ name: `${prefix}${i}路`, type: '城乡线路', districts: [county] });
      lines.push({ name: `${prefix}城际专线`, type: '城乡线路', districts: [county, rng.pick(urban)] });
    }
    const rows: Cell[][] = [];
    for (const line of lines) {
      const candidates = line.districts.flatMap((d) => pools.get(d.code) ?? []);
      const stops = rng.sample(candidates, rng.int(12, Math.min(22, candidates.length)));
      // Order along a direction so that the line runs across the city rather than zigzagging.
      const angle = rng.float(0, Math.PI);
      const [ux, uy] = [Math.cos(angle), Math.sin(angle)];
      stops.sort((a, b) => a.point.lng * ux + a.point.lat * uy - (b.point.lng * ux + b.point.lat * uy));
      const direction = `${stops[0].name}—${stops[stops.length - 1].name}`;
      stops.forEach((s, i) => {
        rows.push([
          line.name,
          line.type,
          direction,
          i + 1,
          s.name,
          fmtCoord(s.point.lng),
          fmtCoord(s.point.lat),
          s.district.name,
        ]);
      });
    }
    return rows;
  },
};
