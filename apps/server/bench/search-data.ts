/** Generated but realistic catalogue entries for the search bench (deterministic: same data every run). */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import type { catalogues } from '../src/db/schema/index.js';
import { DISTRICTS, MUNICIPAL_DEPARTS } from '../src/db/seed/departs.js';
import { dictLabels } from '../src/modules/catalogue/labels.js';
import { entryTexts } from '../src/modules/catalogue/search.js';
import { vectorLiteral } from '../src/platform/search/subject.js';

// --- a deterministic random source, so that every run loads the same data ---------------------
let seed = 20260501;
/** mulberry32 */
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
const between = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

/** Topics per key area (1–21): [resource name, its typical data items]. */
const TOPICS: Record<number, [string, string[]][]> = {
  1: [
    ['企业信用评价结果', ['企业名称', '统一社会信用代码', '信用等级', '评价日期']],
    ['行政许可信息', ['许可决定书文号', '行政相对人名称', '许可内容', '许可决定日期']],
    ['行政处罚信息', ['处罚决定书文号', '违法行为类型', '处罚内容', '处罚决定日期']],
    ['失信被执行人名单', ['被执行人姓名', '案号', '执行法院', '立案时间']],
    ['守信激励对象名单', ['主体名称', '激励措施', '认定部门', '有效期']],
  ],
  2: [
    ['医疗机构名录', ['机构名称', '机构类别', '地址', '联系电话', '床位数']],
    ['基层医疗卫生机构分布', ['机构名称', '所属街道', '经度', '纬度']],
    ['药品零售企业名录', ['企业名称', '许可证编号', '经营地址', '有效期至']],
    ['传染病疫情统计', ['统计月份', '病种', '发病数', '死亡数']],
    ['医疗卫生人员统计', ['机构名称', '执业医师数', '注册护士数', '统计年度']],
    ['预防接种门诊信息', ['门诊名称', '地址', '服务时间', '联系电话']],
  ],
  3: [
    ['社会保险参保人数统计', ['统计月份', '险种', '参保人数', '所属区县']],
    ['职业技能培训机构名录', ['机构名称', '培训工种', '地址', '联系电话']],
    ['招聘岗位信息', ['用人单位', '岗位名称', '招聘人数', '薪资范围']],
    ['就业困难人员援助统计', ['统计季度', '援助人数', '安置人数', '所属街道']],
    ['养老保险待遇发放统计', ['发放月份', '发放人数', '发放金额', '险种']],
  ],
  4: [
    ['交通违法高发路段', ['路段名称', '违法类型', '违法次数', '统计月份']],
    ['消防站点分布', ['站点名称', '地址', '经度', '纬度', '值班电话']],
    ['派出所办公地址', ['派出所名称', '地址', '办公时间', '联系电话']],
    ['户籍人口统计', ['统计年度', '所属区县', '户数', '人口数']],
    ['视频监控点位分布', ['点位名称', '所属道路', '经度', '纬度']],
  ],
  5: [
    ['商品房预售许可信息', ['项目名称', '预售证号', '开发企业', '预售面积']],
    ['保障性住房项目信息', ['项目名称', '房源套数', '所在区县', '竣工日期']],
    ['建筑施工企业资质', ['企业名称', '资质类别', '资质等级', '证书编号']],
    ['老旧小区改造项目', ['小区名称', '改造内容', '惠及户数', '计划完工时间']],
    ['物业服务企业名录', ['企业名称', '服务项目数', '联系电话', '地址']],
  ],
  6: [
    ['公交线路站点', ['线路名称', '站点名称', '站点序号', '经度', '纬度']],
    ['公交站点客流统计', ['站点名称', '统计日期', '上车人数', '下车人数']],
    ['公共停车场泊位信息', ['停车场名称', '地址', '泊位数', '收费标准']],
    ['充电桩分布', ['站点名称', '地址', '充电桩数量', '运营单位', '经度', '纬度']],
    ['出租车运营统计', ['统计月份', '运营车辆数', '载客次数', '营运里程']],
    ['道路交通流量监测', ['监测路段', '监测时间', '车流量', '平均车速']],
    ['公共自行车站点', ['站点名称', '车桩数', '地址', '经度', '纬度']],
    ['城市道路名录', ['道路名称', '起点', '终点', '道路等级', '长度']],
    ['轨道交通站点客流', ['线路名称', '车站名称', '进站人数', '出站人数']],
    ['网约车平台许可信息', ['平台名称', '许可证号', '车辆数', '有效期']],
  ],
  7: [
    ['学校名录', ['学校名称', '学段', '办学性质', '地址', '联系电话']],
    ['幼儿园名录', ['幼儿园名称', '办园性质', '班级数', '地址']],
    ['公共图书馆信息', ['图书馆名称', '开放时间', '藏书量', '地址']],
    ['文物保护单位名录', ['文物名称', '保护级别', '年代', '所在地']],
    ['学校招生计划', ['学校名称', '招生年度', '计划人数', '招生范围']],
    ['体育场馆信息', ['场馆名称', '场馆类型', '开放时间', '地址']],
  ],
  8: [
    ['高新技术企业名单', ['企业名称', '证书编号', '认定年度', '技术领域']],
    ['科技计划项目立项', ['项目名称', '承担单位', '立项经费', '项目周期']],
    ['专利授权统计', ['统计年度', '发明专利数', '实用新型数', '外观设计数']],
    ['科技企业孵化器名录', ['孵化器名称', '运营单位', '在孵企业数', '地址']],
  ],
  9: [
    ['空气质量日报', ['监测站点', '日期', 'AQI', '首要污染物', '空气质量等级']],
    ['水质监测数据', ['断面名称', '监测日期', '水质类别', '溶解氧']],
    ['重点排污单位名录', ['单位名称', '排放类型', '所在区县', '监管级别']],
    ['能源消费统计', ['统计年度', '能源品种', '消费量', '单位']],
    ['噪声监测数据', ['监测点位', '监测时段', '等效声级', '功能区类别']],
  ],
  10: [
    ['规模以上工业企业名录', ['企业名称', '行业类别', '所属区县', '从业人数']],
    ['农产品质量安全检测', ['检测日期', '产品名称', '检测项目', '检测结果']],
    ['农民专业合作社名录', ['合作社名称', '成立日期', '成员数', '业务范围']],
    ['家庭农场名录', ['农场名称', '经营类型', '经营面积', '所在镇街']],
  ],
  11: [
    ['政府采购中标公告', ['项目名称', '采购单位', '中标供应商', '中标金额']],
    ['财政预算执行情况', ['预算科目', '年度预算数', '执行数', '执行率']],
    ['银行网点分布', ['网点名称', '所属银行', '地址', '营业时间']],
    ['税收收入统计', ['统计月份', '税种', '收入金额', '同比增长']],
  ],
  12: [
    ['安全生产许可企业', ['企业名称', '许可证编号', '许可范围', '有效期']],
    ['危险化学品经营企业', ['企业名称', '经营品种', '地址', '许可证号']],
    ['应急避难场所', ['场所名称', '可容纳人数', '地址', '经度', '纬度']],
    ['生产安全事故统计', ['统计月份', '事故起数', '死亡人数', '行业']],
  ],
  13: [
    ['企业登记信息', ['企业名称', '统一社会信用代码', '法定代表人', '成立日期', '注册资本']],
    ['个体工商户登记信息', ['字号名称', '经营者', '经营范围', '登记日期']],
    ['食品经营许可信息', ['经营者名称', '许可证编号', '经营项目', '有效期至']],
    ['产品质量监督抽查', ['产品名称', '生产企业', '抽查结果', '抽查日期']],
    ['特种设备使用登记', ['设备类别', '使用单位', '登记证编号', '登记日期']],
  ],
  14: [
    ['最低生活保障对象统计', ['统计月份', '保障户数', '保障人数', '所属区县']],
    ['养老机构名录', ['机构名称', '床位数', '地址', '联系电话']],
    ['社会救助站点', ['站点名称', '服务内容', '地址', '服务时间']],
    ['残疾人服务机构', ['机构名称', '服务类型', '地址', '联系电话']],
  ],
  15: [
    ['律师事务所名录', ['事务所名称', '执业许可证号', '律师人数', '地址']],
    ['公证机构名录', ['机构名称', '地址', '联系电话', '执业区域']],
    ['法律援助站点', ['站点名称', '地址', '服务时间', '联系电话']],
    ['人民调解委员会名录', ['委员会名称', '所属街道', '调解员人数', '联系电话']],
  ],
  16: [
    ['政务服务事项', ['事项名称', '办理部门', '办理时限', '办理地点']],
    ['便民服务中心', ['中心名称', '地址', '服务时间', '联系电话']],
    ['公共厕所分布', ['名称', '地址', '开放时间', '经度', '纬度']],
    ['菜市场名录', ['市场名称', '地址', '摊位数', '开放时间']],
    ['供水营业网点', ['网点名称', '地址', '营业时间', '联系电话']],
  ],
  17: [
    ['气象观测日数据', ['观测站', '日期', '最高气温', '最低气温', '降水量']],
    ['天气预报信息', ['发布时间', '预报区域', '天气现象', '气温']],
    ['气象灾害预警信息', ['预警类型', '预警级别', '发布时间', '影响区域']],
  ],
  18: [
    ['地名地址信息', ['标准地名', '地名类别', '所属区县', '经度', '纬度']],
    ['土地出让结果', ['地块名称', '土地用途', '出让面积', '成交价格']],
    ['国土空间规划图层', ['图层名称', '比例尺', '更新日期', '坐标系']],
    ['门牌地址数据', ['门牌号', '所属道路', '所属社区', '经度', '纬度']],
  ],
  19: [
    ['社会组织登记信息', ['组织名称', '登记证号', '业务主管单位', '成立日期']],
    ['事业单位名录', ['单位名称', '举办单位', '宗旨和业务范围', '地址']],
    ['基金会名录', ['基金会名称', '原始基金', '业务范围', '登记日期']],
  ],
  20: [
    ['商贸企业名录', ['企业名称', '经营类别', '地址', '联系电话']],
    ['限额以上批发零售企业', ['企业名称', '行业', '销售额', '统计年度']],
    ['商业综合体信息', ['名称', '营业面积', '地址', '开业时间']],
    ['外贸进出口统计', ['统计月份', '进口额', '出口额', '贸易方式']],
  ],
  21: [
    ['政府信息公开年报', ['年度', '主动公开数', '依申请公开数', '行政复议数']],
    ['人大代表建议办理', ['建议标题', '承办单位', '办理结果', '答复日期']],
    ['统计年鉴指标', ['指标名称', '统计年度', '数值', '计量单位']],
  ],
};

const SUFFIXES = ['', '', '', '信息', '统计', '数据', '明细', '汇总', '月报', '年报', '名单', '目录'];
const GENERIC_ITEMS = ['所属区县', '所属街道', '备注', '数据来源', '更新时间', '联系人', '联系电话', '经度', '纬度'];
const FREQ = ['每日', '每周', '每月', '每季度', '每半年', '每年', '不定期'];
const USES = [
  '便于社会公众查询',
  '服务企业经营决策',
  '支撑城市治理分析',
  '辅助相关研究与应用开发',
  '方便市民出行与办事',
  '促进数据开放利用',
];

const DEPARTS = [
  ...MUNICIPAL_DEPARTS.map(([orgCode, departName]) => ({ orgCode, departName })),
  ...DISTRICTS.map(([orgCode, departName]) => ({ orgCode, departName })),
];
const DISTRICT_NAMES = DISTRICTS.map(([, name]) => name);

export type Generated = { entry: typeof catalogues.$inferInsert; items: string[]; literal: string };

export function generate(i: number, used: Set<string>, keyAreaLabels: Record<string, string>): Generated {
  for (;;) {
    const keyArea = between(1, 21);
    const [topic, topicItems] = pick(TOPICS[keyArea]);
    const depart = pick(DEPARTS);
    const isDistrictDept = depart.orgCode.startsWith('BJQ');
    const district = isDistrictDept ? depart.departName : rand() < 0.55 ? pick(DISTRICT_NAMES) : '';
    const year = rand() < 0.75 ? `${between(2016, 2025)}年` : '';
    const name = `滨江市${district}${year}${topic}${pick(SUFFIXES)}`;
    const key = `${depart.orgCode}|${name}`;
    if (used.has(key)) {
      if (rand() < 0.6) continue;
      // Near duplicates exist in real catalogues: a batch or version number tells them apart.
      const numbered = `${name}（第${between(2, 99)}批）`;
      if (used.has(`${depart.orgCode}|${numbered}`)) continue;
      return build(i, numbered, depart, keyArea, topic, topicItems, district, keyAreaLabels, used);
    }
    return build(i, name, depart, keyArea, topic, topicItems, district, keyAreaLabels, used);
  }
}

function build(
  i: number,
  catalogName: string,
  depart: { orgCode: string; departName: string },
  keyArea: number,
  topic: string,
  topicItems: string[],
  district: string,
  keyAreaLabels: Record<string, string>,
  used: Set<string>,
): Generated {
  used.add(`${depart.orgCode}|${catalogName}`);
  const place = district || '全市';
  const parts = [
    `本资源记录${place}${topic}的${topicItems.slice(0, 3).join('、')}等信息`,
    `数据由${depart.departName}依托业务系统归集`,
    `按${pick(FREQ)}更新`,
    `${pick(USES)}`,
    rand() < 0.5 ? `涉及个人隐私的字段已做脱敏处理` : `覆盖${place}范围内的相关对象`,
  ];
  let summary = `${parts.slice(0, between(2, 5)).join('，')}。`;
  while ([...summary].length < 40) summary += `${pick(USES)}。`;
  summary = [...summary].slice(0, 120).join('');
  const nItems = between(3, 8);
  const items = [...new Set([...topicItems, ...GENERIC_ITEMS.filter(() => rand() < 0.4)])].slice(0, nItems);
  while (items.length < 3) items.push(pick(GENERIC_ITEMS.filter((g) => !items.includes(g))));

  // About 90 % on shelf and open; the rest spread over the other states.
  const r = rand();
  const onShelfOpen = r < 0.9;
  const shelfStatus = onShelfOpen ? 2 : pick([0, 1, 3, 4, 2]);
  const openType = onShelfOpen ? (rand() < 0.8 ? '1' : '2') : pick(['1', '2', '3', '3']);
  const release = new Date(Date.UTC(2020, 0, 1) + Math.floor(rand() * 6 * 365 * 86_400_000));
  const update = new Date(release.getTime() + Math.floor(rand() * 200 * 86_400_000));
  const literal = vectorLiteral(
    entryTexts({
      name: catalogName,
      depart: depart.departName,
      keyArea: keyAreaLabels[String(keyArea)] ?? '',
      summary,
      itemNames: items,
    }),
  );
  return {
    entry: {
      catalogCode: `${String(keyArea % 10)}-${String(keyArea).padStart(2, '0')}-${String(Math.floor(i / 10000)).padStart(3, '0')}-${String(i).padStart(6, '0')}`,
      catalogName,
      orgCode: depart.orgCode,
      informationSummary: summary,
      keyAreasType: String(keyArea),
      keyAreasRemark: keyArea === 21 ? '综合类' : null,
      shareType: pick(['10', '10', '20']),
      shareCondition: '按需共享',
      openType,
      openCondition: openType === '2' ? '需提交开放申请并签署开放利用协议' : null,
      updateFrequency: String(between(1, 7)),
      dataFormat: pick(['file', 'file', 'file', 'table', 'api']),
      catalogStatus: shelfStatus === 0 && rand() < 0.3 ? pick([0, 1, 3]) : 2,
      shelfStatus,
      releaseTime: shelfStatus === 0 ? null : release,
      dataUpdateTime: update,
      viewNum: between(0, 5000),
      downloadNum: between(0, 800),
      applicationsNum: between(0, 50),
      scoreAvg: (rand() * 5).toFixed(2),
      totalNum: between(0, 200_000),
    },
    items,
    literal,
  };
}

/**
 * Inserts `count` entries in batches of `batch` with their data items, the search vector computed
 * in JS; the GIN index is dropped first and rebuilt after. Returns the timings.
 */
export async function loadEntries(db: Db, count: number, batch = 1000, onProgress?: (n: number) => void) {
  const keyAreaLabels = await dictLabels(db, 'key_areas_type');
  await db.execute(sql`drop index if exists data_catalog_search_idx`);
  const t0 = performance.now();
  const used = new Set<string>();
  let itemCount = 0;
  for (let start = 0; start < count; start += batch) {
    const rows: Generated[] = [];
    for (let i = start; i < Math.min(count, start + batch); i++) rows.push(generate(i, used, keyAreaLabels));
    // One JSON parameter per batch: PGlite binds thousands of separate parameters slowly.
    const entries = rows.map(({ entry: e, literal }) => ({
      catalog_code: e.catalogCode,
      catalog_name: e.catalogName,
      org_code: e.orgCode,
      information_summary: e.informationSummary,
      key_areas_type: e.keyAreasType,
      key_areas_remark: e.keyAreasRemark,
      share_type: e.shareType,
      share_condition: e.shareCondition,
      open_type: e.openType,
      open_condition: e.openCondition,
      update_frequency: e.updateFrequency,
      data_format: e.dataFormat,
      catalog_status: e.catalogStatus,
      shelf_status: e.shelfStatus,
      release_time: e.releaseTime,
      data_update_time: e.dataUpdateTime,
      view_num: e.viewNum,
      download_num: e.downloadNum,
      applications_num: e.applicationsNum,
      score_avg: e.scoreAvg,
      total_num: e.totalNum,
      search_vector: literal,
    }));
    const columns = Object.keys(entries[0]).join(', ');
    const inserted = (await db.execute(sql`
      insert into data_catalog (${sql.raw(columns)})
      select ${sql.raw(columns)} from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as x(
        catalog_code text, catalog_name text, org_code text, information_summary text, key_areas_type text,
        key_areas_remark text, share_type text, share_condition text, open_type text, open_condition text,
        update_frequency text, data_format text, catalog_status smallint, shelf_status smallint,
        release_time timestamptz, data_update_time timestamptz, view_num int, download_num int,
        applications_num int, score_avg numeric, total_num bigint, search_vector tsvector)
      returning id`)) as unknown as { rows: { id: string }[] };
    const ids = inserted.rows;
    const items = rows.flatMap((b, n) =>
      b.items.map((name, k) => ({ catalog_id: ids[n].id, serial_number: k + 1, name, data_type: 'C' })),
    );
    await db.execute(sql`
      insert into data_catalog_item (catalog_id, serial_number, name, data_type)
      select * from jsonb_to_recordset(${JSON.stringify(items)}::jsonb)
        as x(catalog_id uuid, serial_number int, name text, data_type text)`);
    itemCount += items.length;
    onProgress?.(Math.min(count, start + batch));
  }
  const loadMs = performance.now() - t0;
  const t1 = performance.now();
  await db.execute(sql`create index data_catalog_search_idx on data_catalog using gin (search_vector)`);
  const indexMs = performance.now() - t1;
  const t2 = performance.now();
  await db.execute(sql`analyze`);
  const analyzeMs = performance.now() - t2;
  return { itemCount, loadMs, indexMs, analyzeMs };
}
