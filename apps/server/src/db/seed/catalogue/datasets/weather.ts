import { addDays, clamp, dayOfYear, isoDate, type Rng, round } from '../random.js';
import { type Cell, col, type Dataset } from './types.js';

const STATIONS = [
  ['滨江国家基本气象站', 0, 1.0],
  ['北山国家一般气象站', -0.4, 1.05],
  ['临江国家一般气象站', 0.2, 0.95],
  ['青山国家基本气象站', -1.3, 1.15],
] as const;

/** 气象观测日值: 365 days × 4 stations of temperature, rain, humidity, wind and sunshine. */
export const weather: Dataset = {
  key: 'weather',
  fileName: '滨江市地面气象观测日值数据.csv',
  columns: [
    col('日期', 'obs_date', 'D', 10, { primaryKey: true }),
    col('观测站', 'station', 'C', 50, { primaryKey: true }),
    col('平均气温（℃）', 'tavg', 'N', 5),
    col('最高气温（℃）', 'tmax', 'N', 5),
    col('最低气温（℃）', 'tmin', 'N', 5),
    col('降水量（毫米）', 'precip', 'N', 6, { description: '20-20 时累计降水量' }),
    col('平均相对湿度（%）', 'rh', 'N', 4),
    col('平均风速（米每秒）', 'wind', 'N', 5),
    col('日照时数（小时）', 'sunshine', 'N', 5),
    col('天气现象', 'phenomenon', 'C', 20),
  ],
  rows(rng: Rng, { today }): Cell[][] {
    const rows: Cell[][] = [];
    let anomaly = 0;
    for (let back = 365; back >= 1; back--) {
      const day = addDays(today, -back);
      const doy = dayOfYear(day);
      const climate = 17.2 - 12.3 * Math.cos(((doy - 22) / 365) * 2 * Math.PI);
      anomaly = 0.7 * anomaly + rng.normal(0, 1.3);
      // Rain: the plum rains (梅雨, mid June to early July) and typhoon season are wettest.
      const wet =
        doy >= 160 && doy <= 190 ? 0.6 : doy >= 200 && doy <= 270 ? 0.38 : doy < 60 || doy > 330 ? 0.28 : 0.36;
      const regionalRain = rng.chance(wet);
      const heavy = regionalRain ? Math.exp(rng.normal(1.4, 1.1)) * (doy >= 160 && doy <= 270 ? 1.8 : 1) : 0;
      for (const [station, offset, rainFactor] of STATIONS) {
        const raining = regionalRain ? rng.chance(0.88) : rng.chance(0.04);
        const precip = raining
          ? round(clamp(heavy * rainFactor * rng.float(0.6, 1.4) + rng.float(0, 0.8), 0.1, 260), 1)
          : 0;
        const tavg = round(climate + anomaly + offset - (precip > 10 ? 1.6 : 0) + rng.normal(0, 0.4), 1);
        const range = precip > 0 ? rng.float(3, 6) : rng.float(6, 11);
        const tmax = round(tavg + range * 0.55, 1);
        const tmin = round(tavg - range * 0.45, 1);
        const rh = Math.round(clamp(precip > 0 ? rng.float(78, 97) : rng.float(52, 80), 30, 99));
        const sunshine =
          precip > 0 ? round(rng.float(0, 2.5), 1) : round(rng.float(0.8, doy > 120 && doy < 260 ? 11.5 : 8.5), 1);
        const phenomenon =
          precip === 0
            ? sunshine > 6
              ? '晴'
              : sunshine > 2.5
                ? '多云'
                : '阴'
            : tmax < 2
              ? '雪'
              : precip < 10
                ? '小雨'
                : precip < 25
                  ? '中雨'
                  : precip < 50
                    ? '大雨'
                    : '暴雨';
        rows.push([
          isoDate(day),
          station,
          tavg,
          tmax,
          tmin,
          precip,
          rh,
          round(clamp(rng.normal(2.2, 0.8), 0.3, 9), 1),
          sunshine,
          phenomenon,
        ]);
      }
    }
    return rows;
  },
};
