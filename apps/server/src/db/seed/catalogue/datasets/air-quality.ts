import { addDays, clamp, dayOfYear, isoDate, type Rng, round } from '../random.js';
import { type Cell, col, type Dataset, DISTRICT } from './types.js';

const STATIONS = [
  ['湖滨监测站', '东湖区', 1.0],
  ['文新监测站', '西城区', 0.97],
  ['长河监测站', '南湖区', 1.04],
  ['半山监测站', '北山区', 1.08],
  ['临江城区监测站', '临江县', 1.12],
  ['青山城区监测站', '青山县', 0.82],
] as const;

/** HJ 633-2012 breakpoints: concentration limits and the IAQI at each. */
const IAQI = [0, 50, 100, 150, 200, 300, 400, 500];
const BREAKPOINTS = {
  pm25: [0, 35, 75, 115, 150, 250, 350, 500],
  pm10: [0, 50, 150, 250, 350, 420, 500, 600],
  o3: [0, 100, 160, 215, 265, 800],
  no2: [0, 40, 80, 180, 280, 565, 750, 940],
} as const;
const POLLUTANT_NAME = { pm25: 'PM2.5', pm10: 'PM10', o3: 'O3_8h', no2: 'NO2' } as const;

export function iaqi(kind: keyof typeof BREAKPOINTS, c: number): number {
  const bp = BREAKPOINTS[kind];
  for (let i = 1; i < bp.length; i++) {
    if (c <= bp[i]) return Math.ceil(((IAQI[i] - IAQI[i - 1]) / (bp[i] - bp[i - 1])) * (c - bp[i - 1]) + IAQI[i - 1]);
  }
  return IAQI[bp.length - 1];
}

export function aqiLevel(aqi: number): string {
  if (aqi <= 50) return '优';
  if (aqi <= 100) return '良';
  if (aqi <= 150) return '轻度污染';
  if (aqi <= 200) return '中度污染';
  if (aqi <= 300) return '重度污染';
  return '严重污染';
}

/** 空气质量日报: 365 days up to yesterday × 6 stations, seasonal and correlated across stations. */
export const airQuality: Dataset = {
  key: 'airQuality',
  fileName: '滨江市环境空气质量日报.csv',
  columns: [
    col('日期', 'report_date', 'D', 10, { primaryKey: true }),
    col('监测站点', 'station', 'C', 50, { primaryKey: true, description: '国控或省控空气自动监测站名称' }),
    DISTRICT,
    col('空气质量指数', 'aqi', 'N', 4, { description: 'AQI，按 HJ 633-2012 计算' }),
    col('PM2.5浓度', 'pm25', 'N', 6, { description: '细颗粒物 24 小时平均浓度，微克/立方米' }),
    col('PM10浓度', 'pm10', 'N', 6, { description: '可吸入颗粒物 24 小时平均浓度，微克/立方米' }),
    col('臭氧8小时浓度', 'o3_8h', 'N', 6, { description: '臭氧日最大 8 小时滑动平均浓度，微克/立方米' }),
    col('二氧化氮浓度', 'no2', 'N', 6, { description: '二氧化氮 24 小时平均浓度，微克/立方米' }),
    col('首要污染物', 'primary_pollutant', 'C', 20, { description: 'AQI 大于 50 时 IAQI 最大的污染物，否则为“—”' }),
    col('空气质量等级', 'aqi_level', 'C', 10, { description: '优、良、轻度污染、中度污染、重度污染、严重污染' }),
  ],
  rows(rng: Rng, { today }): Cell[][] {
    const rows: Cell[][] = [];
    let weather = 0; // shared day-to-day pollution anomaly (persistent)
    for (let back = 365; back >= 1; back--) {
      const day = addDays(today, -back);
      const season = Math.cos(((dayOfYear(day) - 15) / 365) * 2 * Math.PI); // 1 in January, -1 in July
      weather = 0.65 * weather + rng.normal(0, 0.28);
      for (const [station, district, factor] of STATIONS) {
        const local = Math.exp(weather + rng.normal(0, 0.1));
        const pm25 = Math.round(clamp((27 + 17 * season) * factor * local, 4, 320));
        const pm10 = Math.round(pm25 * rng.float(1.35, 1.85));
        const o3 = Math.round(clamp((88 - 36 * season) * rng.float(0.7, 1.35) * (2 - factor), 18, 290));
        const no2 = Math.round(
          clamp((29 + 10 * season) * factor * Math.exp(weather * 0.5 + rng.normal(0, 0.15)), 6, 160),
        );
        const scores = {
          pm25: iaqi('pm25', pm25),
          pm10: iaqi('pm10', pm10),
          o3: iaqi('o3', o3),
          no2: iaqi('no2', no2),
        };
        const [top, aqi] = Object.entries(scores).sort((a, b) => b[1] - a[1])[0] as [keyof typeof scores, number];
        rows.push([
          isoDate(day),
          station,
          district,
          aqi,
          pm25,
          pm10,
          o3,
          round(no2, 0),
          aqi > 50 ? POLLUTANT_NAME[top] : '—',
          aqiLevel(aqi),
        ]);
      }
    }
    return rows;
  },
};
