import { DISTRICT_GEO } from '../geo.js';
import { type Rng, round } from '../random.js';
import { type Cell, col, type Dataset } from './types.js';

const BASE: Record<string, [gdp: number, pop: number, urbanIncome: number]> = {
  全市: [0, 0, 0],
  东湖区: [1350, 82, 71500],
  西城区: [1620, 96, 74200],
  南湖区: [1180, 74, 69800],
  北山区: [860, 63, 64100],
  临江县: [720, 58, 55600],
  青山县: [310, 37, 49800],
};

/** 主要经济指标: yearly headline figures per district and for the whole city, ten years. */
export const economy: Dataset = {
  key: 'economy',
  fileName: '滨江市分区县主要经济指标.csv',
  columns: [
    col('年度', 'stat_year', 'N', 4, { primaryKey: true }),
    col('地区', 'region', 'C', 20, { primaryKey: true }),
    col('地区生产总值（亿元）', 'gdp', 'N', 10),
    col('生产总值增速（%）', 'gdp_growth', 'N', 5, { description: '按可比价格计算' }),
    col('一般公共预算收入（亿元）', 'budget_revenue', 'N', 10),
    col('社会消费品零售总额（亿元）', 'retail_sales', 'N', 10),
    col('城镇居民人均可支配收入（元）', 'urban_income', 'N', 8),
    col('农村居民人均可支配收入（元）', 'rural_income', 'N', 8),
    col('常住人口（万人）', 'population', 'N', 8),
  ],
  rows(rng: Rng, { today }): Cell[][] {
    const lastYear = today.getUTCFullYear() - 1;
    const rows: Cell[][] = [];
    const districts = DISTRICT_GEO.map((d) => d.name);
    const series = new Map(districts.map((n) => [n, { gdp: BASE[n][0], pop: BASE[n][1], income: BASE[n][2] }]));
    const yearsBack = 10;
    // Walk backwards from the latest year so that the latest figures are the stated bases.
    const table: Map<number, Map<string, Cell[]>> = new Map();
    for (let y = lastYear; y > lastYear - yearsBack; y--) {
      const cityGrowth = y === 2020 ? 3.1 : y === 2022 ? 4.2 : rng.float(5.5, 7.8);
      const yearRows = new Map<string, Cell[]>();
      for (const n of districts) {
        const s = series.get(n);
        if (!s) continue;
        const growth = round(cityGrowth + rng.normal(0, 0.8), 1);
        const rural = Math.round(s.income * rng.float(0.56, 0.68));
        yearRows.set(n, [
          y,
          n,
          round(s.gdp, 1),
          growth,
          round(s.gdp * rng.float(0.085, 0.105), 1),
          round(s.gdp * rng.float(0.36, 0.46), 1),
          Math.round(s.income),
          rural,
          round(s.pop, 1),
        ]);
        s.gdp /= 1 + (growth + rng.float(0.5, 2)) / 100;
        s.income /= 1 + rng.float(4.5, 7.5) / 100;
        s.pop /= 1 + rng.float(0.3, 1.6) / 100;
      }
      table.set(y, yearRows);
    }
    for (let y = lastYear - yearsBack + 1; y <= lastYear; y++) {
      const yearRows = table.get(y);
      if (!yearRows) continue;
      const list = [...yearRows.values()];
      const sum = (i: number) =>
        round(
          list.reduce((t, r) => t + Number(r[i]), 0),
          1,
        );
      const pop = sum(8);
      const weighted = (i: number) => Math.round(list.reduce((t, r) => t + Number(r[i]) * Number(r[8]), 0) / pop);
      const gdp = sum(2);
      const growth = round(list.reduce((t, r) => t + Number(r[3]) * Number(r[2]), 0) / gdp, 1);
      rows.push([y, '全市', gdp, growth, sum(4), sum(5), weighted(6), weighted(7), pop]);
      rows.push(...list);
    }
    return rows;
  },
};
