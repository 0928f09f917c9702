import type { InterfaceParam, InterfaceResponseParam } from '@odp/contracts';
import { DISTRICT_GEO } from '../../../db/seed/catalogue/geo.js';
import { Rng } from '../../../db/seed/catalogue/random.js';

/**
 * The demo city's upstream services (滨江市's departmental systems behind the 7 demo 接口 entries),
 * answered in process: the same question gives the same answer within its period, and the answer
 * depends on the parameters and the time of day as a real system's would. Nothing here reaches the
 * network or the database.
 */

export type DemoAnswer = { status: number; body: unknown };
export type DemoUpstream = {
  apiName: string;
  describe: string;
  requestMode: 'GET';
  requestParameters: InterfaceParam[];
  responseParameters: InterfaceResponseParam[];
  /** The query of the request example (and of 测试). */
  example: Record<string, string>;
  answer(params: Record<string, string>, now: Date): DemoAnswer;
};

const param = (
  parameterName: string,
  type: InterfaceParam['type'],
  description: string,
  opts: { required?: boolean; defaultValue?: string } = {},
): InterfaceParam => ({
  parameterName,
  parameterLocation: 'query',
  type,
  required: opts.required ?? false,
  defaultValue: opts.defaultValue ?? null,
  description,
});
const field = (parameterName: string, description: string, type: InterfaceResponseParam['type'] = 'string') => ({
  parameterName,
  type,
  description,
});
const paging = [
  param('pageNo', 'int', '页码，从 1 开始', { defaultValue: '1' }),
  param('pageSize', 'int', '每页条数，1 至 50', { defaultValue: '10' }),
];

const UTC8 = 8 * 3_600_000;
const local = (now: Date) => new Date(now.getTime() + UTC8);
const day = (d: Date) => d.toISOString().slice(0, 10);
const stamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
const daysAgo = (now: Date, n: number) => day(new Date(local(now).getTime() - n * 86_400_000));
const DISTRICTS = DISTRICT_GEO.map((d) => d.name);
const ok = (body: unknown): DemoAnswer => ({ status: 200, body: { code: 200, message: '成功', data: body } });
const refuse = (status: number, message: string): DemoAnswer => ({ status, body: { code: status, message } });

function page<T>(rows: T[], params: Record<string, string>) {
  const pageNo = Math.max(1, Number(params.pageNo) || 1);
  const pageSize = Math.min(50, Math.max(1, Number(params.pageSize) || 10));
  return { total: rows.length, pageNo, pageSize, records: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize) };
}
const has = (value: string | undefined, text: string) => !value || text.includes(value);
const mask = (name: string) => `${name[0]}${'*'.repeat(Math.max(1, name.length - 1))}`;

const SURNAMES = '王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗';
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '磊',
  '洋',
  '艳',
  '勇',
  '军',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '志强',
  '建华',
];
const personName = (rng: Rng) => `${rng.pick([...SURNAMES])}${rng.pick(GIVEN)}`;
const COMPANY_WORDS = ['宏远', '恒信', '华泰', '江南', '东湖', '瑞丰', '鼎盛', '新洲', '金桥', '青山', '嘉禾', '远航'];
const COMPANY_KINDS = [
  '餐饮管理有限公司',
  '建设工程有限公司',
  '医药连锁有限公司',
  '物流有限公司',
  '科技有限公司',
  '食品有限公司',
];
const company = (rng: Rng) => `滨江市${rng.pick(COMPANY_WORDS)}${rng.pick(COMPANY_KINDS)}`;
const uscc = (rng: Rng) => `91330100${rng.digits(9)}${rng.pick([...'0123456789ABCDEFGHJKLMNPQRTUWXY'])}`;

/** A register of decisions over the last 180 days, the same all day; newest first. */
function register<T extends { decision_date: string }>(name: string, now: Date, make: (rng: Rng, n: number) => T) {
  const rng = new Rng(`${name}:${day(local(now))}`);
  return Array.from({ length: 160 }, (_, n) => make(rng, n)).sort((a, b) =>
    b.decision_date.localeCompare(a.decision_date),
  );
}

const LICENSE_KINDS: [string, string, string][] = [
  ['食品经营许可', '预包装食品销售、热食类食品制售', '市市场监督管理局'],
  ['药品经营许可', '药品零售（处方药、非处方药）', '市市场监督管理局'],
  ['建筑工程施工许可', '新建厂房及配套用房工程施工', '市住房和城乡建设局'],
  ['道路运输经营许可', '普通货运', '市交通运输局'],
  ['排污许可', '废水、废气污染物排放', '市生态环境局'],
  ['公共场所卫生许可', '住宿、美容美发场所', '市卫生健康委员会'],
];

const licenses: DemoUpstream = {
  apiName: '行政许可信息查询接口',
  describe: '按行政相对人、文书号或许可类别查询全市行政许可决定（双公示），按决定日期从新到旧分页返回。',
  requestMode: 'GET',
  requestParameters: [
    param('keyword', 'string', '行政相对人名称或文书号中包含的文字'),
    param('category', 'string', '许可类别，如 食品经营许可'),
    param('dateFrom', 'date', '决定日期不早于该日（yyyy-MM-dd）'),
    ...paging,
  ],
  responseParameters: [
    field('total', '符合条件的记录数', 'int'),
    field('records[].license_doc_no', '行政许可决定文书号'),
    field('records[].license_category', '许可类别'),
    field('records[].license_content', '许可内容'),
    field('records[].party_name', '行政相对人名称'),
    field('records[].uscc', '统一社会信用代码'),
    field('records[].legal_rep', '法定代表人（脱敏）'),
    field('records[].decision_date', '许可决定日期', 'date'),
    field('records[].valid_to', '有效期至', 'date'),
    field('records[].authority', '许可机关'),
  ],
  example: { category: '食品经营许可', pageSize: '2' },
  answer(params, now) {
    const rows = register('licenses', now, (rng, n) => {
      const [category, content, authority] = rng.pick(LICENSE_KINDS);
      const age = rng.int(0, 180);
      const year = daysAgo(now, age).slice(0, 4);
      return {
        license_doc_no: `滨${category.slice(0, 2)}许〔${year}〕${String(1000 + n).padStart(5, '0')}号`,
        license_category: category,
        license_content: content,
        party_name: company(rng),
        uscc: uscc(rng),
        legal_rep: mask(personName(rng)),
        decision_date: daysAgo(now, age),
        valid_to: `${Number(year) + 5}${daysAgo(now, age).slice(4)}`,
        authority,
        source_unit: authority,
      };
    }).filter(
      (r) =>
        (has(params.keyword, r.party_name) || has(params.keyword, r.license_doc_no)) &&
        has(params.category, r.license_category) &&
        (!params.dateFrom || r.decision_date >= params.dateFrom),
    );
    return ok(page(rows, params));
  },
};

const PENALTIES: [string, string, string, number][] = [
  ['销售过期食品', '《中华人民共和国食品安全法》第一百二十四条', '罚款、没收违法所得', 5],
  ['未按规定设置安全警示标志', '《中华人民共和国安全生产法》第九十九条', '警告、罚款', 2],
  ['超标排放大气污染物', '《中华人民共和国大气污染防治法》第九十九条', '罚款、责令限期改正', 20],
  ['无证从事道路货物运输', '《中华人民共和国道路运输条例》第六十三条', '罚款、没收违法所得', 3],
  ['虚假宣传', '《中华人民共和国反不正当竞争法》第二十条', '罚款', 10],
  ['未取得施工许可擅自施工', '《建筑工程施工许可管理办法》第十二条', '罚款、责令停止施工', 8],
];
const PENALTY_AUTHORITIES = ['市市场监督管理局', '市应急管理局', '市生态环境局', '市交通运输局', '市住房和城乡建设局'];

const penalties: DemoUpstream = {
  apiName: '行政处罚信息查询接口',
  describe: '按行政相对人、文书号或违法行为类型查询公示期内的行政处罚决定，按决定日期从新到旧分页返回。',
  requestMode: 'GET',
  requestParameters: [
    param('keyword', 'string', '行政相对人名称或处罚决定书文号中包含的文字'),
    param('violationType', 'string', '违法行为类型中包含的文字，如 食品'),
    ...paging,
  ],
  responseParameters: [
    field('total', '符合条件的记录数', 'int'),
    field('records[].penalty_doc_no', '处罚决定书文号'),
    field('records[].violation_type', '违法行为类型'),
    field('records[].legal_basis', '处罚依据'),
    field('records[].penalty_category', '处罚类别'),
    field('records[].fine_amount', '罚款金额（万元）', 'double'),
    field('records[].party_name', '行政相对人名称'),
    field('records[].decision_date', '处罚决定日期', 'date'),
    field('records[].authority', '处罚机关'),
  ],
  example: { violationType: '食品', pageSize: '2' },
  answer(params, now) {
    const rows = register('penalties', now, (rng, n) => {
      const [type, basis, category, scale] = rng.pick(PENALTIES);
      const age = rng.int(0, 180);
      return {
        penalty_doc_no: `滨罚决字〔${daysAgo(now, age).slice(0, 4)}〕${String(2000 + n).padStart(5, '0')}号`,
        violation_type: type,
        legal_basis: basis,
        penalty_category: category,
        fine_amount: Math.round(rng.float(0.1, scale) * 100) / 100,
        party_name: company(rng),
        uscc: uscc(rng),
        decision_date: daysAgo(now, age),
        authority: rng.pick(PENALTY_AUTHORITIES),
      };
    }).filter(
      (r) =>
        (has(params.keyword, r.party_name) || has(params.keyword, r.penalty_doc_no)) &&
        has(params.violationType, r.violation_type),
    );
    return ok(page(rows, params));
  },
};

const ACCEPT_NO = /^BJ\d{12}$/;
const STAGES = ['已受理', '审核中', '制证中', '已制证待领取', '已领取'];

const idCards: DemoUpstream = {
  apiName: '居民身份证办理进度查询接口',
  describe: '按受理编号查询居民身份证申领、换领、补领的办理进度和预计领证日期。',
  requestMode: 'GET',
  requestParameters: [param('acceptNo', 'string', '受理回执上的受理编号，BJ 加 12 位数字', { required: true })],
  responseParameters: [
    field('accept_no', '受理编号'),
    field('card_type', '证件类型'),
    field('accept_unit', '受理单位'),
    field('accept_date', '受理日期', 'date'),
    field('progress', '办理进度'),
    field('expected_date', '预计领证日期', 'date'),
    field('pickup_mode', '领取方式'),
  ],
  example: { acceptNo: 'BJ202605120031' },
  answer(params, now) {
    const no = params.acceptNo ?? '';
    if (!ACCEPT_NO.test(no)) return refuse(400, '受理编号格式不正确，应为 BJ 加 12 位数字');
    const rng = new Rng(`id-card:${no}`);
    if (rng.chance(0.1)) return refuse(404, '未查询到该受理编号的办理记录');
    const age = rng.int(0, 20);
    const district = rng.pick(DISTRICT_GEO);
    const stage = STAGES[Math.min(STAGES.length - 1, Math.floor(age / 4))];
    return ok({
      accept_no: no,
      card_type: rng.pick(['首次申领', '到期换领', '遗失补领']),
      accept_unit: `滨江市公安局${district.name}分局${rng.pick(district.streets).replace('街道', '')}派出所`,
      accept_date: daysAgo(now, age),
      progress: stage,
      expected_date: daysAgo(now, age - 15),
      pickup_mode: rng.pick(['窗口领取', '邮寄到家']),
    });
  },
};

const LINES = ['1路', '2路', '5路', '12路', '16路', '28路', '51路', '86路', '102路', 'K3路', 'B1快线'];
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
const hhmm = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const peak = (m: number) => (m >= 420 && m < 540) || (m >= 1020 && m < 1140);

function busLine(line: string, direction: 0 | 1) {
  const rng = new Rng(`bus:${line}`);
  const [a, b] = rng.sample(DISTRICT_GEO, 2);
  const from = `${a.name}${rng.pick(a.roads)}站`;
  const to = `${b.name}${rng.pick(b.roads)}站`;
  const first = 330 + rng.int(0, 8) * 5;
  const last = 1260 + rng.int(0, 14) * 5;
  return {
    line_name: line,
    direction: direction === 0 ? `${from}→${to}` : `${to}→${from}`,
    first_bus: hhmm(first + direction * 10),
    last_bus: hhmm(last + direction * 10),
    peak_headway: rng.int(4, 8),
    offpeak_headway: rng.int(10, 20),
    fare: line.startsWith('B') ? 3 : 2,
    operator: `滨江市公交集团第${rng.int(1, 6)}分公司`,
  };
}

const buses: DemoUpstream = {
  apiName: '公交线路时刻查询接口',
  describe: '按线路查询分方向的首末班时间、发车间隔、票价，并按当前时间给出首站接下来的发车时刻。',
  requestMode: 'GET',
  requestParameters: [
    param('lineName', 'string', '线路名称，如 12路；不填返回全部线路'),
    param('departures', 'int', '返回接下来几个发车时刻，0 至 10', { defaultValue: '3' }),
  ],
  responseParameters: [
    field('lines[].line_name', '线路名称'),
    field('lines[].direction', '运行方向'),
    field('lines[].first_bus', '首班时间'),
    field('lines[].last_bus', '末班时间'),
    field('lines[].peak_headway', '高峰发车间隔（分钟）', 'int'),
    field('lines[].offpeak_headway', '平峰发车间隔（分钟）', 'int'),
    field('lines[].fare', '票价（元）', 'double'),
    field('lines[].next_departures', '首站接下来的发车时刻'),
  ],
  example: { lineName: '12路' },
  answer(params, now) {
    const wanted = LINES.filter((l) => has(params.lineName, l));
    if (params.lineName && wanted.length === 0) return refuse(404, `未找到线路：${params.lineName}`);
    const count = Math.min(10, Math.max(0, Number(params.departures ?? 3) || 0));
    const at = local(now);
    const nowMin = at.getUTCHours() * 60 + at.getUTCMinutes();
    const lines = wanted.flatMap((l) =>
      ([0, 1] as const).map((d) => {
        const line = busLine(l, d);
        const next: string[] = [];
        for (let m = minutes(line.first_bus); m <= minutes(line.last_bus) && next.length < count; ) {
          if (m >= nowMin) next.push(hhmm(m));
          m += peak(m) ? line.peak_headway : line.offpeak_headway;
        }
        return { ...line, next_departures: next };
      }),
    );
    return ok({ queryTime: stamp(at), lines });
  },
};

const LEVELS: [number, string][] = [
  [45, '畅通'],
  [30, '基本畅通'],
  [20, '缓行'],
  [12, '拥堵'],
  [0, '严重拥堵'],
];

const traffic: DemoUpstream = {
  apiName: '城市道路实时路况接口',
  describe: '按区县查询主要道路路段的实时平均车速、拥堵指数和路况等级，每 5 分钟刷新。',
  requestMode: 'GET',
  requestParameters: [
    param('district', 'string', `区县名称：${DISTRICTS.join('、')}；不填为全市`),
    param('level', 'string', '只看某一路况等级：畅通、基本畅通、缓行、拥堵、严重拥堵'),
  ],
  responseParameters: [
    field('segments[].segment_id', '路段编号'),
    field('segments[].segment_name', '路段名称'),
    field('segments[].direction', '方向'),
    field('segments[].avg_speed', '平均车速（千米每小时）', 'double'),
    field('segments[].congestion_index', '拥堵指数', 'double'),
    field('segments[].level', '路况等级'),
    field('segments[].updated_at', '更新时间'),
  ],
  example: { district: '东湖区' },
  answer(params, now) {
    const districts = DISTRICT_GEO.filter((d) => has(params.district, d.name));
    if (params.district && districts.length === 0) return refuse(400, `未知的区县：${params.district}`);
    const at = local(now);
    const slot = Math.floor(at.getTime() / 300_000);
    const hour = at.getUTCHours() + at.getUTCMinutes() / 60;
    // Morning and evening rush hours slow the whole network down.
    const rush = Math.max(0, 1 - Math.min(Math.abs(hour - 8), Math.abs(hour - 17.75)) / 1.5);
    const updated = stamp(new Date(slot * 300_000));
    const segments = districts.flatMap((d, di) =>
      d.roads.slice(0, 6).flatMap((road, ri) =>
        ['东向西', '西向东'].map((direction, k) => {
          const rng = new Rng(`traffic:${d.code}:${ri}:${k}:${slot}`);
          const speed = Math.max(5, Math.round((rng.float(35, 60) * (1 - 0.6 * rush) + rng.normal(0, 4)) * 10) / 10);
          return {
            segment_id: `${d.code}-${String(ri + 1).padStart(2, '0')}${k}`,
            segment_name: `${d.name}${road}`,
            direction,
            avg_speed: speed,
            congestion_index: Math.round(Math.min(10, (60 / speed) * 1.2) * 10) / 10,
            level: (LEVELS.find(([min]) => speed >= min) ?? LEVELS[LEVELS.length - 1])[1],
            updated_at: updated,
            order: di,
          };
        }),
      ),
    );
    const rows = segments.filter((s) => !params.level || s.level === params.level).map(({ order: _o, ...s }) => s);
    return ok({ updateTime: updated, total: rows.length, segments: rows });
  },
};

const CERT_NO = /^\d{17}$/;
const QUALIFICATIONS = [
  '幼儿园教师资格',
  '小学教师资格',
  '初级中学教师资格',
  '高级中学教师资格',
  '中等职业学校教师资格',
];
const SUBJECTS = ['语文', '数学', '英语', '物理', '化学', '生物', '历史', '地理', '音乐', '体育', '美术', '信息技术'];

/** The holder of a certificate number in the demo register (the example pair is one of them). */
function certificateOf(no: string) {
  const rng = new Rng(`teacher:${no}`);
  if (!CERT_NO.test(no) || rng.chance(0.15)) return null;
  const year = Number(no.slice(0, 4));
  return {
    certificate_no: no,
    name: personName(rng),
    qualification: rng.pick(QUALIFICATIONS),
    subject: rng.pick(SUBJECTS),
    authority: `滨江市${rng.pick(DISTRICT_GEO).name}教育局`,
    recognised_on: `${year >= 2000 && year <= 2026 ? year : 2018}-${String(rng.int(5, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
  };
}
const EXAMPLE_CERT = '20183301021000347';

const teachers: DemoUpstream = {
  apiName: '教师资格证书核验接口',
  describe: '核验教师资格证书编号与持证人姓名是否一致，一致时返回资格种类、任教学科、认定机构和认定日期。',
  requestMode: 'GET',
  requestParameters: [
    param('certificateNo', 'string', '证书编号（17 位数字）', { required: true }),
    param('name', 'string', '持证人姓名', { required: true }),
  ],
  responseParameters: [
    field('result', '核验结果：一致、不一致、证书不存在'),
    field('certificate_no', '证书编号'),
    field('name', '姓名（脱敏）'),
    field('qualification', '资格种类'),
    field('subject', '任教学科'),
    field('authority', '认定机构'),
    field('recognised_on', '认定日期', 'date'),
  ],
  example: { certificateNo: EXAMPLE_CERT, name: certificateOf(EXAMPLE_CERT)?.name ?? '' },
  answer(params) {
    const no = params.certificateNo ?? '';
    if (!CERT_NO.test(no)) return refuse(400, '证书编号应为 17 位数字');
    const cert = certificateOf(no);
    if (!cert) return ok({ result: '证书不存在', certificate_no: no });
    if (cert.name !== params.name) return ok({ result: '不一致', certificate_no: no });
    return ok({ result: '一致', ...cert, name: mask(cert.name) });
  },
};

const WARNINGS: [string, string, string][] = [
  [
    '暴雨',
    '预计未来 6 小时内将出现 50 毫米以上降水，局地伴有雷电和短时大风。',
    '停止户外集体活动，远离低洼地带和地下空间，注意防范城市内涝。',
  ],
  ['高温', '预计今天最高气温将升至 37℃ 以上。', '避免午后高温时段户外作业，注意防暑降温，老人儿童减少外出。'],
  [
    '大风',
    '预计未来 24 小时内平均风力可达 6 级以上，阵风 8 级。',
    '加固围板、棚架和广告牌，停止高空作业，船只回港避风。',
  ],
  [
    '大雾',
    '预计未来 12 小时内将出现能见度小于 500 米的雾。',
    '驾驶人员减速慢行、开启雾灯，机场和高速公路做好交通管理。',
  ],
  [
    '雷电',
    '预计未来 6 小时内可能发生雷电活动，并伴有短时强降水。',
    '人员尽量留在室内，切勿在树下或空旷处停留，切断危险电源。',
  ],
  ['寒潮', '预计未来 48 小时内最低气温将下降 8℃ 以上。', '注意添衣保暖，做好农作物和水管防冻措施。'],
];
const COLOURS = ['蓝色', '黄色', '橙色', '红色'];

/**
 * The warnings of the last 24 hours: each day has its own few (the same all day), issued through it;
 * one is lifted once its hours have passed.
 */
function warningsOf(now: Date) {
  const at = local(now).getTime();
  const today = Date.UTC(new Date(at).getUTCFullYear(), new Date(at).getUTCMonth(), new Date(at).getUTCDate());
  return [today - 86_400_000, today]
    .flatMap((start) => {
      const date = day(new Date(start));
      const rng = new Rng(`weather:${date}`);
      const month = new Date(start).getUTCMonth() + 1;
      // 高温 in summer, 寒潮 in winter; the rest all year.
      const kinds = WARNINGS.filter(([t]) =>
        t === '高温' ? month >= 5 && month <= 9 : t === '寒潮' ? month >= 10 || month <= 3 : true,
      );
      return Array.from({ length: rng.int(2, 5) }, (_, i) => {
        const [type, content, guidance] = rng.pick(kinds);
        const level = rng.weighted([
          ['蓝色', 4],
          ['黄色', 3],
          ['橙色', 2],
          ['红色', 1],
        ] as const);
        const cityWide = rng.chance(0.3);
        const areas = cityWide ? ['全市'] : rng.sample(DISTRICTS, rng.int(1, 3));
        const issued = start + rng.int(0, 23 * 60) * 60_000;
        const lifted = issued + rng.int(3, 14) * 3_600_000;
        return {
          warning_id: `BJ${date.replaceAll('-', '')}${String(i + 1).padStart(3, '0')}`,
          warning_type: type,
          warning_level: level,
          issuer: cityWide ? '滨江市气象台' : `滨江市${areas[0]}气象台`,
          issued_at: stamp(new Date(issued)),
          areas: areas.join('、'),
          content: `${cityWide ? '滨江市气象台' : `${areas[0]}气象台`}发布${type}${level}预警信号：${content}`,
          guidance,
          lifted_at: lifted <= at ? stamp(new Date(lifted)) : null,
          issuedMs: issued,
        };
      });
    })
    .filter((w) => w.issuedMs <= at && w.issuedMs > at - 86_400_000)
    .sort((a, b) => b.issuedMs - a.issuedMs);
}

const weather: DemoUpstream = {
  apiName: '气象灾害预警信号查询接口',
  describe: '查询近 24 小时发布的气象灾害预警信号（默认只返回仍在生效的），可按区县、预警级别和类型筛选。',
  requestMode: 'GET',
  requestParameters: [
    param('district', 'string', `区县名称：${DISTRICTS.join('、')}；全市预警对每个区县都生效`),
    param('level', 'string', `预警级别：${COLOURS.join('、')}`),
    param('type', 'string', '预警类型，如 暴雨、高温、大风'),
    param('includeLifted', 'boolean', '是否包含已解除的预警', { defaultValue: 'false' }),
  ],
  responseParameters: [
    field('warnings[].warning_id', '预警编号'),
    field('warnings[].warning_type', '预警类型'),
    field('warnings[].warning_level', '预警级别'),
    field('warnings[].issuer', '发布单位'),
    field('warnings[].issued_at', '发布时间'),
    field('warnings[].areas', '影响区域'),
    field('warnings[].content', '预警内容'),
    field('warnings[].guidance', '防御指南'),
    field('warnings[].lifted_at', '解除时间'),
  ],
  example: { district: '东湖区', includeLifted: 'true' },
  answer(params, now) {
    if (params.district && !DISTRICTS.includes(params.district) && params.district !== '全市')
      return refuse(400, `未知的区县：${params.district}`);
    if (params.level && !COLOURS.includes(params.level)) return refuse(400, `预警级别应为${COLOURS.join('、')}之一`);
    const lifted = params.includeLifted === 'true';
    const warnings = warningsOf(now)
      .filter(
        (w) =>
          (!params.district || w.areas === '全市' || w.areas.split('、').includes(params.district)) &&
          (!params.level || w.warning_level === params.level) &&
          has(params.type, w.warning_type) &&
          (lifted || !w.lifted_at),
      )
      .map(({ issuedMs: _i, ...w }) => w);
    return ok({ updateTime: stamp(local(now)), district: params.district ?? '全市', count: warnings.length, warnings });
  },
};

/** The built-in upstreams by the name in their URL (`builtin:<name>`). */
export const DEMO_UPSTREAMS: Readonly<Record<string, DemoUpstream>> = {
  'admin-licenses': licenses,
  'admin-penalties': penalties,
  'id-card-progress': idCards,
  'bus-timetables': buses,
  'traffic-conditions': traffic,
  'teacher-certificates': teachers,
  'weather-warnings': weather,
};
