import { DISTRICT_GEO } from '../geo.js';
import type { Rng } from '../random.js';
import { type Cell, col, type Dataset, DISTRICT } from './types.js';

const HEADS = ('文 湖 江 山 云 青 新 学 兴 建 和 平 丰 安 泰 长 明 春 秋 金 凤 桂 梅 兰 竹 ' + '望 景 育 德 华').split(
  ' ',
);
const TAILS = '兴 华 源 安 泰 宁 康 昌 盛 苑 塘 桥 溪 园 林 港 城 河 阳 晖'.split(' ');

/** 道路名录: the named roads of each district with grade, ends, length and width. */
export const roads: Dataset = {
  key: 'roads',
  fileName: '滨江市标准地名道路名录.csv',
  columns: [
    col('道路名称', 'road_name', 'C', 50, { primaryKey: true }),
    DISTRICT,
    col('道路等级', 'road_grade', 'C', 10, { description: '快速路、主干路、次干路、支路（CJJ 37）' }),
    col('走向', 'orientation', 'C', 10, { description: '东西走向或南北走向' }),
    col('起点', 'start_point', 'C', 50),
    col('终点', 'end_point', 'C', 50),
    col('长度（米）', 'length_m', 'N', 8),
    col('宽度（米）', 'width_m', 'N', 5),
    col('命名年份', 'named_year', 'N', 4),
    col('命名含义', 'meaning', 'C', 200),
  ],
  rows(rng: Rng): Cell[][] {
    const rows: Cell[][] = [];
    const used = new Set<string>();
    for (const d of DISTRICT_GEO) {
      const names = [...d.roads];
      while (names.length < 26) {
        const n = `${rng.pick(HEADS)}${rng.pick(TAILS).replace('园', '园')}${rng.weighted([
          ['路', 6],
          ['街', 2],
          ['巷', 1],
        ] as const)}`;
        if (!used.has(n) && !names.includes(n)) names.push(n);
      }
      for (const name of names) {
        if (used.has(name)) continue;
        used.add(name);
        const grade = name.endsWith('大道')
          ? rng.pick(['快速路', '主干路'])
          : name.endsWith('巷')
            ? '支路'
            : rng.weighted([
                ['主干路', 2],
                ['次干路', 4],
                ['支路', 5],
              ] as const);
        const length =
          grade === '快速路'
            ? rng.int(60, 180) * 100
            : grade === '主干路'
              ? rng.int(20, 80) * 100
              : grade === '次干路'
                ? rng.int(8, 30) * 100
                : rng.int(2, 12) * 100;
        const width =
          grade === '快速路'
            ? rng.pick([50, 60, 70])
            : grade === '主干路'
              ? rng.pick([36, 40, 45, 50])
              : grade === '次干路'
                ? rng.pick([20, 24, 28, 32])
                : rng.pick([9, 12, 15, 18]);
        const [from, to] = rng.sample(
          names.filter((x) => x !== name),
          2,
        );
        rows.push([
          name,
          d.name,
          grade,
          rng.pick(['东西走向', '南北走向']),
          from,
          to,
          length,
          width,
          rng.int(1985, 2024),
          rng.pick([
            '以沿线历史地名命名',
            '寓意文明昌盛',
            '以所在片区名称命名',
            '体现滨江水乡特色',
            '寓意安居乐业',
            '延续原有村落地名',
            '寓意兴旺发达',
          ]),
        ]);
      }
    }
    return rows;
  },
};
