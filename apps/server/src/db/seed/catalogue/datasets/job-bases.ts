import { address, landline, personName, pickDistrict, TRADE_WORDS } from '../geo.js';
import { addDays, isoDate, type Rng } from '../random.js';
import { ADDRESS, type Cell, col, type Dataset, DISTRICT, distinct, PHONE } from './types.js';

const MAJORS = (
  '计算机类 电子信息类 机械类 财务会计类 市场营销 工商管理类 临床医学 护理 土木类 法学 ' +
  '汉语言文学 新闻传播学类 物流管理 电子商务 旅游管理 设计学类'
).split(' ');

/** 就业见习基地: employers recognised as internship bases for graduates, with posts and majors. */
export const jobBases: Dataset = {
  key: 'jobBases',
  fileName: '滨江市就业见习基地名单.csv',
  columns: [
    col('基地名称', 'base_name', 'C', 100, { primaryKey: true }),
    ADDRESS,
    DISTRICT,
    col('见习岗位数', 'posts', 'N', 5),
    col('见习专业', 'majors', 'C', 200),
    col('见习补贴标准（元每月）', 'subsidy', 'N', 6, { description: '按当地最低工资标准的一定比例发放' }),
    col('联系人', 'contact', 'C', 20, { masked: true, description: '基地联系人姓名，公开时脱敏' }),
    PHONE,
    col('认定日期', 'recognised_on', 'D', 10),
  ],
  rows(rng: Rng, { today }): Cell[][] {
    const items = distinct(
      64,
      () => {
        const d = pickDistrict(rng);
        const name = `滨江${rng.pick(TRADE_WORDS)}${rng.pick(['科技有限公司', '信息技术有限公司', '医疗器械有限公司', '建设集团有限公司', '商贸有限公司', '物流有限公司', '文化传媒有限公司', '人民医院', '会计师事务所有限公司', '电子商务有限公司'])}`;
        return { d, name };
      },
      (v) => v.name,
    );
    return items.map(({ d, name }) => {
      return [
        name,
        address(rng, d),
        d.name,
        rng.int(3, 40),
        rng.sample(MAJORS, rng.int(1, 4)).join('、'),
        rng.pick([1840, 1840, 2070, 2280]),
        personName(rng),
        landline(rng),
        isoDate(addDays(today, -rng.int(30, 1400))),
      ];
    });
  },
};
