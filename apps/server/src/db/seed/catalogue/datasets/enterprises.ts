import { address, DISTRICT_GEO, personName, TRADE_WORDS, uscc } from '../geo.js';
import { addDays, isoDate, type Rng } from '../random.js';
import { type Cell, col, type Dataset, DISTRICT, distinct } from './types.js';

const INDUSTRIES: [string, string, number][] = [
  ['科技', '软件和信息技术服务业', 14],
  ['网络科技', '互联网和相关服务', 8],
  ['电子', '计算机、通信和其他电子设备制造业', 6],
  ['机械', '通用设备制造业', 6],
  ['建材', '非金属矿物制品业', 4],
  ['建设工程', '土木工程建筑业', 6],
  ['贸易', '批发业', 12],
  ['商贸', '零售业', 10],
  ['餐饮管理', '餐饮业', 6],
  ['物流', '道路运输业', 5],
  ['文化传媒', '文化艺术业', 5],
  ['生物科技', '医药制造业', 3],
  ['新材料', '化学原料和化学制品制造业', 3],
  ['环保科技', '生态保护和环境治理业', 3],
  ['物业管理', '房地产业', 4],
  ['农业开发', '农业', 3],
  ['咨询', '商务服务业', 6],
  ['教育科技', '教育', 3],
  ['服饰', '纺织服装、服饰业', 4],
  ['食品', '食品制造业', 3],
];

const FORMS: [string, string, number][] = [
  ['有限公司', '有限责任公司（自然人投资或控股）', 62],
  ['有限公司', '有限责任公司（自然人独资）', 14],
  ['股份有限公司', '股份有限公司（非上市、自然人投资或控股）', 5],
  ['有限公司', '有限责任公司（国有独资）', 2],
  ['合伙企业（有限合伙）', '有限合伙企业', 5],
  ['经营部', '个人独资企业', 7],
  ['有限公司', '有限责任公司（外商投资、非独资）', 3],
];

/** 企业登记信息: enterprises registered in the city, with valid 统一社会信用代码. */
export const enterprises: Dataset = {
  key: 'enterprises',
  fileName: '滨江市企业登记信息.csv',
  columns: [
    col('企业名称', 'ent_name', 'C', 200),
    col('统一社会信用代码', 'uscc', 'C', 18, {
      primaryKey: true,
      description: '18 位统一社会信用代码（GB 32100-2015）',
    }),
    col('企业类型', 'ent_type', 'C', 50),
    col('法定代表人', 'legal_rep', 'C', 50, { masked: true, description: '法定代表人或负责人姓名，公开时脱敏' }),
    col('注册资本（万元）', 'reg_capital', 'N', 14, { description: '人民币万元' }),
    col('成立日期', 'est_date', 'D', 10),
    col('经营状态', 'status', 'C', 10, { description: '存续、在业、迁出、注销、吊销' }),
    col('所属行业', 'industry', 'C', 60, { description: '国民经济行业分类门类或大类' }),
    col('登记机关', 'reg_authority', 'C', 60),
    col('住所', 'domicile', 'C', 200),
    DISTRICT,
  ],
  rows(rng: Rng, { today }): Cell[][] {
    const names = distinct(
      520,
      () => {
        const [suffix] = rng.weighted(INDUSTRIES.map((x) => [x, x[2]] as const));
        const form = rng.weighted(FORMS.map((x) => [x, x[2]] as const));
        const prefix = rng.chance(0.7) ? '滨江' : `滨江市`;
        return {
          name: `${prefix}${rng.pick(TRADE_WORDS)}${suffix}${form[0]}`,
          industry: INDUSTRIES.find((x) => x[0] === suffix)?.[1] ?? '',
          type: form[1],
        };
      },
      (v) => v.name,
    );
    return names.map(({ name, industry, type }) => {
      const d = rng.weighted(DISTRICT_GEO.map((x) => [x, x.county ? 0.6 : 1.3] as const));
      const ageDays = Math.floor(rng.next() ** 1.6 * 365 * 28) + 20;
      const est = addDays(today, -ageDays);
      const capital =
        type === '个人独资企业'
          ? rng.int(1, 50) * 10
          : rng.weighted([
              [rng.int(1, 20) * 10, 5],
              [rng.int(1, 20) * 100, 4],
              [rng.int(2, 50) * 1000, 1],
            ] as const);
      const oldEnough = ageDays > 365 * 3;
      const status = rng.weighted([
        ['存续', 70],
        ['在业', 14],
        ['迁出', 3],
        ['注销', oldEnough ? 9 : 2],
        ['吊销', oldEnough ? 4 : 0],
      ] as const);
      return [
        name,
        uscc(rng, d.division),
        type,
        personName(rng),
        capital,
        isoDate(est),
        status,
        industry,
        d.county || rng.chance(0.3) ? `滨江市市场监督管理局${d.name}分局` : '滨江市市场监督管理局',
        address(rng, d),
        d.name,
      ];
    });
  },
};
