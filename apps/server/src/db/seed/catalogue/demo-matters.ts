import { inArray } from 'drizzle-orm';
import type { Executor } from '../../client.js';
import { catalogueServiceMatters, catalogues } from '../../schema/index.js';
import { usccCheck } from './geo.js';

/** One demo entry's government service item: the entry by name, then what it serves. */
type DemoMatter = {
  entry: string;
  /** 基本目录 事项名称 (also the 实施清单 name's stem). */
  item: string;
  /** The 业务办理项 under the implementation. */
  business: string;
  /** 事项类型 (dict event_type). */
  type: string;
  /** 事项分类 (dict event_classification): 1 个人, 2 法人, 3 个人和法人. */
  level: string;
  /** 事项编码 within the department (10 digits of the 实施清单编码's tail). */
  seq: string;
  electronic: boolean;
  /** 应用场景 / 场景用途 (dicts application_scenario, scenario_description). */
  scenario: string;
  use: string;
  channels: string[];
};

/**
 * 统一社会信用代码 of each department (机关 11, the city's division 330100, an organization code)
 * as the 实施清单编码's head, check character computed as GB 32100 says.
 */
const ORGANIZATION: Record<string, string> = {
  BJ002: 'MB0000201',
  BJ003: 'MB0000309',
  BJ005: 'MB0000502',
  BJ006: 'MB0000601',
  BJ007: 'MB0000708',
  BJ009: 'MB0000903',
  BJ010: 'MB0001002',
  BJ011: 'MB0001101',
  BJ013: 'MB0001305',
};
const creditCode = (orgCode: string) => {
  const organization = ORGANIZATION[orgCode];
  if (!organization) return null;
  const first17 = `11330100${organization}`;
  return first17 + usccCheck(first17);
};

/**
 * Entries of the demo catalogue that serve a government service item (事项主线目录): licences whose
 * holders the data lists, and the services whose progress or results it publishes. Most are public;
 * 网约车平台公司许可信息 waits for its off-shelf review and so is not listed on the portal.
 */
export const DEMO_MATTERS: readonly DemoMatter[] = [
  {
    entry: '出租汽车企业名录',
    item: '道路运输经营许可',
    business: '出租汽车经营许可（首次申请）',
    type: '1',
    level: '2',
    seq: '4000117001',
    electronic: true,
    scenario: '1',
    use: '2',
    channels: ['1', '2', '4'],
  },
  {
    entry: '网约车平台公司许可信息',
    item: '网络预约出租汽车经营许可',
    business: '网络预约出租汽车平台公司经营许可',
    type: '1',
    level: '2',
    seq: '4000117005',
    electronic: true,
    scenario: '1',
    use: '2',
    channels: ['1', '4'],
  },
  {
    entry: '医疗机构名录',
    item: '医疗机构执业登记',
    business: '医疗机构执业登记（设置）',
    type: '1',
    level: '2',
    seq: '4000138002',
    electronic: true,
    scenario: '1',
    use: '2',
    channels: ['1', '4'],
  },
  {
    entry: '执业医师注册信息',
    item: '医师执业注册',
    business: '医师执业注册（首次注册）',
    type: '1',
    level: '1',
    seq: '4000138011',
    electronic: true,
    scenario: '1',
    use: '2',
    channels: ['1', '2', '3'],
  },
  {
    entry: '预防接种门诊信息',
    item: '预防接种服务',
    business: '儿童预防接种证办理',
    type: '11',
    level: '1',
    seq: '8000138021',
    electronic: false,
    scenario: '3',
    use: '1',
    channels: ['2', '3', '4'],
  },
  {
    entry: '各级各类学校名录',
    item: '民办学校设立审批',
    business: '实施学历教育的民办学校设立',
    type: '1',
    level: '2',
    seq: '4000151003',
    electronic: true,
    scenario: '1',
    use: '2',
    channels: ['1', '4'],
  },
  {
    entry: '教师资格认定信息',
    item: '教师资格认定',
    business: '高级中学教师资格认定',
    type: '1',
    level: '1',
    seq: '4000151012',
    electronic: true,
    scenario: '1',
    use: '2',
    channels: ['1', '2', '4'],
  },
  {
    entry: '企业登记信息',
    item: '企业设立登记',
    business: '有限责任公司设立登记',
    type: '1',
    level: '2',
    seq: '4000127001',
    electronic: true,
    scenario: '4',
    use: '1',
    channels: ['1', '2', '4', '5'],
  },
  {
    entry: '药品零售企业名录',
    item: '药品零售企业经营许可',
    business: '药品零售企业经营许可证核发',
    type: '1',
    level: '2',
    seq: '4000127035',
    electronic: true,
    scenario: '1',
    use: '2',
    channels: ['1', '4'],
  },
  {
    entry: '食品生产经营许可信息',
    item: '食品经营许可',
    business: '食品经营许可证核发（新办）',
    type: '1',
    level: '2',
    seq: '4000127018',
    electronic: true,
    scenario: '1',
    use: '1',
    channels: ['1', '2', '3', '4'],
  },
  {
    entry: '特种设备使用登记信息',
    item: '特种设备使用登记',
    business: '电梯使用登记',
    type: '1',
    level: '2',
    seq: '4000127052',
    electronic: true,
    scenario: '5',
    use: '5',
    channels: ['1', '4'],
  },
  {
    entry: '职业技能培训机构名录',
    item: '民办职业培训学校设立',
    business: '民办职业培训学校设立审批',
    type: '1',
    level: '2',
    seq: '4000149007',
    electronic: false,
    scenario: '3',
    use: '2',
    channels: ['1', '4'],
  },
  {
    entry: '社会组织登记信息',
    item: '社会团体成立登记',
    business: '社会团体成立登记',
    type: '1',
    level: '2',
    seq: '4000124001',
    electronic: true,
    scenario: '2',
    use: '2',
    channels: ['1', '4'],
  },
  {
    entry: '养老机构名录',
    item: '养老机构备案',
    business: '养老机构备案',
    type: '10',
    level: '2',
    seq: '9000124030',
    electronic: false,
    scenario: '3',
    use: '3',
    channels: ['1', '2', '4'],
  },
  {
    entry: '建筑业企业资质信息',
    item: '建筑业企业资质核准',
    business: '施工总承包三级资质核准',
    type: '1',
    level: '2',
    seq: '4000129011',
    electronic: true,
    scenario: '4',
    use: '2',
    channels: ['1'],
  },
  {
    entry: '商品房预售许可信息',
    item: '商品房预售许可',
    business: '商品房预售许可证核发',
    type: '1',
    level: '2',
    seq: '4000129020',
    electronic: true,
    scenario: '3',
    use: '3',
    channels: ['1', '4'],
  },
  {
    entry: '危险化学品经营许可企业',
    item: '危险化学品经营许可',
    business: '危险化学品经营许可证核发（带有储存设施）',
    type: '1',
    level: '2',
    seq: '4000132004',
    electronic: true,
    scenario: '5',
    use: '5',
    channels: ['1', '4'],
  },
  {
    entry: '安全生产行政处罚信息',
    item: '对生产经营单位未按规定开展安全生产教育培训的行政处罚',
    business: '安全生产违法行为行政处罚（一般程序）',
    type: '2',
    level: '2',
    seq: '1000132101',
    electronic: false,
    scenario: '2',
    use: '5',
    channels: ['4'],
  },
  {
    entry: '居民身份证办理进度查询',
    item: '居民身份证申领',
    business: '居民身份证首次申领',
    type: '11',
    level: '1',
    seq: '8000125001',
    electronic: true,
    scenario: '3',
    use: '2',
    channels: ['2', '3', '4', '5'],
  },
];

/**
 * Marks the demo entries above as related to their government service item, in the seed's
 * transaction and before the search index is built, so their names and codes are found too.
 */
export async function seedDemoMatters(db: Executor): Promise<number> {
  const entries = await db
    .select({ id: catalogues.id, name: catalogues.catalogName, orgCode: catalogues.orgCode })
    .from(catalogues)
    .where(
      inArray(
        catalogues.catalogName,
        DEMO_MATTERS.map((m) => m.entry),
      ),
    );
  const byName = new Map(entries.map((e) => [e.name, e]));
  const rows = DEMO_MATTERS.flatMap((m) => {
    const entry = byName.get(m.entry);
    const credit = entry && creditCode(entry.orgCode);
    if (!entry || !credit) return [];
    const implementationCode = `${credit}${m.seq}`;
    return [
      {
        catalogId: entry.id,
        businessCode: `${implementationCode}01`,
        businessName: m.business,
        eventType: m.type,
        eventLevel: m.level,
        directoryCode: `${m.seq.slice(0, 1)}${m.seq.slice(4)}000`,
        itemData: m.item,
        implementationCode,
        implementationName: m.item,
        // Municipal departments exercise these at the 设区市级.
        drivingLevel: '3',
        resultType: m.type === '1' ? (m.electronic ? '1' : '2') : '3',
        applicationScenario: m.scenario,
        applicationScenarioDescribe: m.use,
        provideChannels: m.channels,
        electronicLicense: m.electronic ? '1' : '0',
      },
    ];
  });
  if (rows.length) await db.insert(catalogueServiceMatters).values(rows);
  return rows.length;
}
