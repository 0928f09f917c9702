import { address, fmtCoord, landline, pickDistrict, pointIn, TRADE_WORDS } from '../geo.js';
import type { Rng } from '../random.js';
import { ADDRESS, type Cell, col, type Dataset, DISTRICT, distinct, LAT, LNG, PHONE } from './types.js';

const CHAINS = ['滨江大药房连锁有限公司', '之江医药连锁有限公司', '康宁大药房连锁有限公司', '仁和堂医药连锁有限公司'];

/** 药品零售企业: licensed pharmacies, chains and single stores, with medical-insurance status. */
export const pharmacies: Dataset = {
  key: 'pharmacies',
  fileName: '滨江市药品零售企业名录.csv',
  columns: [
    col('药店名称', 'store_name', 'C', 100),
    col('许可证编号', 'licence_no', 'C', 30, { primaryKey: true, description: '药品经营许可证编号' }),
    col('经营方式', 'mode', 'C', 20, { description: '连锁门店或单体药店' }),
    col('所属连锁企业', 'chain', 'C', 100),
    ADDRESS,
    DISTRICT,
    col('是否医保定点', 'insurance', 'C', 2),
    col('营业时间', 'open_hours', 'C', 30),
    PHONE,
    LNG,
    LAT,
  ],
  rows(rng: Rng): Cell[][] {
    const items = distinct(
      210,
      () => {
        const d = pickDistrict(rng);
        const chain = rng.chance(0.65) ? rng.pick(CHAINS) : '';
        const road = rng.pick(d.roads);
        const name = chain
          ? `${chain.slice(0, chain.indexOf('连锁') > 0 ? chain.indexOf('连锁') : 5).replace(/医药$/, '大药房')}${road.replace(/(大道|路)$/, '')}店`
          : `滨江${rng.pick(TRADE_WORDS)}${rng.pick(['药店', '大药房', '医药商店', '国药馆'])}`;
        return { d, chain, road, name };
      },
      (v) => v.name,
    );
    return items.map(({ d, chain, road, name }, i) => {
      const p = pointIn(rng, d);
      return [
        name,
        `滨CB571${String(1000 + i * 7 + rng.int(0, 6)).padStart(4, '0')}`,
        chain ? '连锁门店' : '单体药店',
        chain || '—',
        address(rng, d, road),
        d.name,
        rng.chance(0.72) ? '是' : '否',
        rng.chance(0.12) ? '00:00-24:00' : rng.pick(['08:00-21:00', '07:30-22:00', '08:30-20:30']),
        landline(rng),
        fmtCoord(p.lng),
        fmtCoord(p.lat),
      ];
    });
  },
};
