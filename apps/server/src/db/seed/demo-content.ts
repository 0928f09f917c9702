import type { ContentRelease } from '@odp/contracts';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { storeContentFile } from '../../modules/content/files.js';
import { chinesePdf, type PdfBlock } from '../../modules/content/pdf.js';
import { contentService } from '../../modules/content/service.js';
import { within } from '../../modules/share/service.js';
import { createStorage } from '../../platform/storage/storage.js';
import type { Tx } from '../client.js';
import { contentItems } from '../schema/index.js';
import { actorOf } from './demo-share.js';
import { encodePng } from './pictures.js';

const DAY = 86_400_000;
type Rgb = [number, number, number];
/** When a demo item ends: published some days ago (views), scheduled some days ahead, or left a draft. */
type Fate = { daysAgo: number; views: number; top?: boolean } | { inDays: number } | 'draft';

type DemoNews = { type: '1' | '2'; title: string; paragraphs: string[]; picture?: [Rgb, Rgb]; fate: Fate };

/** The demo city's 新闻动态 and 政策法规. */
const NEWS: DemoNews[] = [
  {
    type: '1',
    title: '滨江市公共数据开放平台正式上线运行',
    paragraphs: [
      '经过半年的建设和试运行，滨江市公共数据开放平台于近日正式上线。平台由滨江市大数据管理局建设运营，首批汇聚公安、交通运输、生态环境、卫生健康、教育等 12 个市级部门和 6 个区县的数据目录，涵盖交通出行、医疗卫生、教育文化、生态环境、市场监管等重点领域。',
      '社会公众无需注册即可浏览数据目录、下载无条件开放数据；注册用户可申请有条件开放数据，开发者可通过开放接口调用实时数据。',
      '市大数据管理局有关负责人表示，下一步将持续扩大数据开放范围，提升数据质量和更新频率，鼓励企业和科研机构开展数据创新应用。',
    ],
    picture: [
      [10, 61, 143],
      [64, 169, 255],
    ],
    fate: { daysAgo: 30, views: 1860, top: true },
  },
  {
    type: '1',
    title: '首届滨江公共数据创新应用大赛启动报名',
    paragraphs: [
      '由滨江市大数据管理局主办的首届公共数据创新应用大赛即日起开放报名。大赛设交通出行、智慧医疗、生态环保、城市治理四个赛道，参赛团队可使用平台开放的全部数据资源。',
      '报名截止时间为明年 3 月 31 日，获奖作品将在平台“应用成果”栏目展示，优秀团队可获得数据资源和算力支持。',
    ],
    picture: [
      [114, 46, 209],
      [250, 140, 22],
    ],
    fate: { daysAgo: 12, views: 932 },
  },
  {
    type: '1',
    title: '交通运输局新增开放公交实时到站数据接口',
    paragraphs: [
      '市交通运输局通过开放平台新增发布“公交车辆实时到站”数据接口，每 30 秒更新一次，覆盖全市 268 条公交线路。开发者在平台注册并创建应用后，可在开发者中心申请调用。',
      '此前，交通运输局已开放公交线路站点、公共自行车租赁点等 9 个数据目录，累计被下载 1.2 万次。',
    ],
    fate: { daysAgo: 6, views: 455 },
  },
  {
    type: '1',
    title: '平台完成第三季度数据质量巡检',
    paragraphs: [
      '市大数据管理局组织完成第三季度开放数据质量巡检，共检查数据目录 186 个，发现并督促整改字段缺失、更新不及时等问题 23 项，整改完成率 100%。',
      '巡检结果已纳入各部门公共数据工作年度考核。',
    ],
    fate: { daysAgo: 3, views: 128 },
  },
  {
    type: '1',
    title: '平台将于本周六凌晨进行系统升级维护',
    paragraphs: [
      '为提升服务稳定性，平台计划于本周六 00:00 至 06:00 进行系统升级维护，期间数据下载和接口调用可能短暂中断，请提前做好安排。给您带来的不便，敬请谅解。',
    ],
    fate: { inDays: 2 },
  },
  {
    type: '1',
    title: '公共数据开放年度报告（2026）发布预告',
    paragraphs: ['《滨江市公共数据开放年度报告（2026）》将于年底发布，全面总结本年度数据开放、利用和安全管理工作。'],
    fate: 'draft',
  },
  {
    type: '2',
    title: '《滨江市公共数据开放管理暂行办法》解读',
    paragraphs: [
      '《滨江市公共数据开放管理暂行办法》明确了公共数据“以开放为常态、不开放为例外”的原则，将公共数据分为无条件开放、有条件开放和不予开放三类。',
      '办法规定，有条件开放数据的申请人应当具备相应的安全保护能力，签署安全承诺书，并按约定用途使用数据；数据提供部门应当在 10 个工作日内作出答复。',
      '办法自发布之日起施行，由市大数据管理局负责解释。',
    ],
    picture: [
      [207, 19, 34],
      [255, 197, 61],
    ],
    fate: { daysAgo: 45, views: 2210, top: true },
  },
  {
    type: '2',
    title: '关于进一步加强公共数据安全管理的通知',
    paragraphs: [
      '各部门要落实数据安全主体责任，建立公共数据分类分级管理制度，对涉及个人信息、商业秘密的数据进行脱敏处理后方可开放。',
      '数据开放前须经本部门保密审查和大数据管理局安全评估，发现数据泄露风险应立即下架并报告。',
    ],
    fate: { daysAgo: 20, views: 786 },
  },
  {
    type: '2',
    title: '《公共数据开放分级分类指南》正式印发',
    paragraphs: [
      '指南按照数据敏感程度将公共数据划分为一般、较敏感、敏感三个级别，并给出了各领域常见数据的开放类型建议，供各部门编制开放目录时参考。',
    ],
    fate: { daysAgo: 8, views: 341 },
  },
  {
    type: '2',
    title: '公共数据授权运营管理办法（征求意见稿）',
    paragraphs: [
      '为规范公共数据授权运营，市大数据管理局起草了管理办法征求意见稿，现向社会公开征求意见，截止时间为下月 15 日。',
    ],
    fate: { inDays: 5 },
  },
];

type DemoDocument = { type: '1' | '2' | '3'; title: string; blocks: PdfBlock[]; fate: Fate; scope?: string[] };

const p = (text: string): PdfBlock => ({ kind: 'p', text });
const h = (text: string): PdfBlock => ({ kind: 'h2', text });

/** 资料: each type with real text about this platform, made into PDFs at seed time. */
const DOCUMENTS: DemoDocument[] = [
  {
    type: '1',
    title: '滨江市公共数据开放平台用户操作手册',
    fate: { daysAgo: 40, views: 0, top: true },
    blocks: [
      h('一、平台简介'),
      p(
        '滨江市公共数据开放平台（以下简称“平台”）由滨江市大数据管理局建设运营，向社会公众、企业和科研机构提供公共数据的浏览、检索、下载和接口调用服务。',
      ),
      h('二、注册与登录'),
      p(
        '点击页面右上角“登录/注册”，选择个人用户或法人用户，按提示填写手机号和短信验证码，设置用户名和密码即可完成注册。注册后可使用用户名密码或手机验证码登录。',
      ),
      p('完成实名认证的用户可以申请“申请须实名认证”的有条件开放数据。'),
      h('三、查找和下载数据'),
      p(
        '在“开放数据”页面可按部门、区县、重点领域和主题分类浏览数据目录，也可在首页搜索框输入关键字进行全站搜索。无条件开放的数据可直接下载 CSV、XLSX 或 JSON 格式的文件。',
      ),
      h('四、申请有条件开放数据'),
      p(
        '在数据详情页点击“申请使用”，填写用途、期限和所需字段，上传有条件开放数据使用申请表和公共数据安全承诺书。数据提供部门审核通过后，可在个人中心“我的服务”绑定应用并调用接口。',
      ),
      h('五、交流互动'),
      p(
        '对数据有疑问、发现数据错误或有新的数据需求，可在“交流互动”栏目提交咨询、纠错或需求，相关部门将在规定时限内答复。',
      ),
    ],
  },
  {
    type: '1',
    title: '开发者接口接入指南',
    fate: { daysAgo: 25, views: 0 },
    blocks: [
      h('一、创建应用'),
      p(
        '登录后进入“开发者中心”，点击“创建应用”，填写应用名称和用途，平台将生成 AppKey 和 AppSecret。AppSecret 仅显示一次，请妥善保存。',
      ),
      h('二、签名规则'),
      p(
        '每次请求须携带 appKey、timestamp、nonce 和 sign 参数。sign 为按参数名排序后拼接的字符串使用 AppSecret 进行 HMAC-SHA256 计算的结果，时间戳与服务器时间相差不得超过 5 分钟，nonce 在 10 分钟内不可重复。',
      ),
      h('三、调用限额'),
      p(
        '无条件开放接口每个应用每日默认可调用 10000 次；有条件开放接口按授权时约定的额度执行。超出限额将返回 HTTP 429。',
      ),
      h('四、在线调试'),
      p('在数据详情页的“接口信息”中可使用“在线调试”功能，以当前登录用户的应用直接发起请求并查看返回结果。'),
    ],
  },
  {
    type: '1',
    title: '部门数据编目操作说明',
    fate: { daysAgo: 18, views: 0 },
    scope: ['dept_admin', 'reviewer'],
    blocks: [
      h('一、新建目录'),
      p(
        '部门数据管理员登录后台后，在“数据目录 › 目录编辑”中新建目录，填写目录名称、摘要、数源应用系统、更新频率、共享类型和开放类型，并逐项录入信息项。',
      ),
      h('二、挂接数据'),
      p(
        '目录保存后可上传数据文件（CSV、XLSX）或挂接数据库表、接口。系统会自动识别表头行，并按信息项的数据类型校验数据。',
      ),
      h('三、提交审核与上架'),
      p(
        '编目完成后提交审核，大数据管理局审核通过后可申请上架；上架后数据即在门户公开。需要下架时提交下架申请并填写原因。',
      ),
    ],
  },
  {
    type: '2',
    title: '滨江市公共数据开放管理暂行办法',
    fate: { daysAgo: 45, views: 0, top: true },
    blocks: [
      h('第一章　总则'),
      p(
        '第一条　为规范和促进本市公共数据开放和利用，提升政府治理能力和公共服务水平，根据有关法律法规，结合本市实际，制定本办法。',
      ),
      p(
        '第二条　本办法所称公共数据，是指本市各级行政机关以及履行公共管理和服务职能的事业单位在依法履职过程中收集和产生的数据。',
      ),
      p('第三条　公共数据开放遵循“需求导向、分类分级、安全可控、便捷高效”的原则。'),
      h('第二章　开放目录'),
      p(
        '第四条　公共数据分为无条件开放、有条件开放和不予开放三类。涉及个人信息、商业秘密、保密商务信息的公共数据，经脱敏处理后可列入有条件开放或无条件开放类。',
      ),
      p(
        '第五条　数据提供部门应当编制本部门公共数据开放目录，经市大数据管理局审核后通过开放平台发布，并根据数据更新频率及时更新。',
      ),
      h('第三章　开放利用'),
      p(
        '第六条　无条件开放的公共数据，公民、法人和其他组织可以通过开放平台直接获取。有条件开放的公共数据，申请人应当通过开放平台提出申请，数据提供部门在 10 个工作日内答复。',
      ),
      p(
        '第七条　数据利用主体应当按照约定的用途、范围和期限使用数据，定期报告数据利用情况，不得将数据用于约定以外的用途。',
      ),
      h('第四章　附则'),
      p('第八条　本办法自发布之日起施行。'),
    ],
  },
  {
    type: '2',
    title: '公共数据安全管理规定',
    fate: { daysAgo: 20, views: 0 },
    blocks: [
      h('一、适用范围'),
      p('本规定适用于本市公共数据在采集、存储、共享、开放和利用全过程中的安全管理。'),
      h('二、管理要求'),
      p('数据提供部门对本部门公共数据的安全负主体责任；市大数据管理局负责开放平台的安全运行和数据开放的安全评估。'),
      p('开放平台对有条件开放数据实行授权访问、调用留痕和额度控制，授权到期或目录下架时访问权限自动终止。'),
      h('三、应急处置'),
      p('发现数据泄露、篡改或滥用的，应当立即采取下架、停止授权等措施，并在 24 小时内报告市大数据管理局。'),
    ],
  },
  {
    type: '3',
    title: '公共数据元数据规范',
    fate: { daysAgo: 35, views: 0, top: true },
    blocks: [
      h('一、目录元数据'),
      p(
        '每个数据目录应当包括：目录名称、目录编码、摘要、数源部门、数源应用系统、重点领域、更新频率、共享类型、开放类型、发布日期和更新日期。',
      ),
      h('二、信息项元数据'),
      p(
        '每个信息项应当包括：中文名称、英文名称、数据类型（字符型、数值型、日期型、日期时间型）、数据长度、是否主键、是否开放和说明。',
      ),
      h('三、编码规则'),
      p('目录编码由部门代码、分类代码和四位顺序号组成，例如“1-06-001-0001”。信息项英文名称使用小写字母和下划线。'),
    ],
  },
  {
    type: '3',
    title: '开放数据质量规范',
    fate: { daysAgo: 15, views: 0 },
    blocks: [
      h('一、完整性'),
      p('必填信息项的空值率不得超过 5%；主键信息项不得为空且不得重复。'),
      h('二、准确性'),
      p('日期型字段应采用 YYYY-MM-DD 格式；数值型字段不得包含单位和千分位分隔符；坐标采用 CGCS2000 坐标系。'),
      h('三、及时性'),
      p('数据应当按目录声明的更新频率更新，超过更新周期未更新的目录将由平台提醒数源部门，并纳入考核。'),
    ],
  },
  {
    type: '3',
    title: '开放数据接口规范',
    fate: { inDays: 3 },
    blocks: [
      h('一、接口形式'),
      p('开放接口采用 HTTPS 协议和 JSON 格式，分页参数为 pageNo 和 pageSize，单页不超过 200 条。'),
      h('二、返回结构'),
      p('返回结构统一为 success、code、message、result 四个字段，错误时 code 与 HTTP 状态码一致。'),
    ],
  },
];

type DemoFaq = { category: string; question: string; answer: string; fate: Fate };

/** 常见问题 in several categories; one left 下架-free as a draft. */
const FAQS: DemoFaq[] = [
  {
    category: 'account',
    question: '个人用户和法人用户有什么区别？',
    answer:
      '<p>个人用户以自然人身份注册，法人用户以企业或其他组织身份注册，需要填写单位名称和统一社会信用代码。法人用户申请有条件开放数据时以单位名义提交。</p>',
    fate: { daysAgo: 30, views: 0 },
  },
  {
    category: 'account',
    question: '忘记密码怎么办？',
    answer:
      '<p>在登录页点击“忘记密码”，输入注册手机号并填写短信验证码后即可设置新密码。设置成功后，其他设备上的登录会被注销。</p>',
    fate: { daysAgo: 30, views: 0 },
  },
  {
    category: 'data',
    question: '下载数据需要注册吗？',
    answer: '<p>无条件开放的数据无需注册即可浏览和下载；有条件开放的数据需要注册登录后提交使用申请。</p>',
    fate: { daysAgo: 28, views: 0 },
  },
  {
    category: 'data',
    question: '数据多久更新一次？',
    answer:
      '<p>每个数据目录的详情页都标明了<strong>更新频率</strong>（实时、每日、每月等）和最近更新时间，数据提供部门按声明的频率更新。</p>',
    fate: { daysAgo: 28, views: 0 },
  },
  {
    category: 'apply',
    question: '申请受限开放数据需要具备哪些条件？',
    answer:
      '<p>申请人应当具备相应的安全保护能力、良好的企业信用和数据存储处理能力。</p><p>需提交的材料包括：公共数据开放申请表、公共数据开放需求清单、公共数据安全承诺书、公共数据安全等级保护证书、信用报告及其他资质证明。</p>',
    fate: { daysAgo: 25, views: 0 },
  },
  {
    category: 'apply',
    question: '申请表和安全承诺书模板在哪里下载？',
    answer:
      '<p>在有条件开放数据的详情页点击“申请使用”，申请表单中提供了《有条件开放数据使用申请表》和《公共数据安全承诺书》的模板下载链接。</p>',
    fate: { daysAgo: 25, views: 0 },
  },
  {
    category: 'apply',
    question: '提交申请后多久能得到答复？',
    answer:
      '<p>数据提供部门一般在 10 个工作日内审核；需要大数据管理局复核的，再增加 5 个工作日。审核结果会通过站内消息和您选择的短信、邮件通知。</p>',
    fate: { daysAgo: 20, views: 0 },
  },
  {
    category: 'api',
    question: '接口调用返回“签名错误”怎么办？',
    answer:
      '<p>请检查：1. 参数是否按参数名升序拼接；2. 是否使用了正确的 AppSecret；3. timestamp 与服务器时间相差是否超过 5 分钟；4. nonce 是否重复使用。详见《开发者接口接入指南》。</p>',
    fate: { daysAgo: 15, views: 0 },
  },
  {
    category: 'api',
    question: '每天可以调用多少次接口？',
    answer:
      '<p>无条件开放接口每个应用每日默认 10000 次；有条件开放接口按授权额度执行，可在个人中心“我的服务”查看当日已调用次数。</p>',
    fate: { daysAgo: 15, views: 0 },
  },
  {
    category: 'other',
    question: '发现数据有错误如何反馈？',
    answer: '<p>在数据详情页点击“纠错”，描述错误内容并可上传截图，数据提供部门将在 5 个工作日内处理并答复。</p>',
    fate: { daysAgo: 10, views: 0 },
  },
  {
    category: 'other',
    question: '平台数据可以用于商业用途吗？',
    answer:
      '<p>无条件开放数据可以在遵守开放协议的前提下用于商业用途，使用时应注明数据来源；有条件开放数据按授权约定的用途使用。</p>',
    fate: 'draft',
  },
];

/** A picture for a news item: a soft diagonal gradient with a few bars, as a chart would have. */
function picture([from, to]: [Rgb, Rgb]): Buffer {
  const w = 640;
  const hgt = 320;
  const bars = [0.35, 0.55, 0.45, 0.7, 0.6, 0.85];
  return encodePng(w, hgt, (x, y) => {
    const t = (x / w + y / hgt) / 2;
    const base: Rgb = [
      Math.round(from[0] + (to[0] - from[0]) * t),
      Math.round(from[1] + (to[1] - from[1]) * t),
      Math.round(from[2] + (to[2] - from[2]) * t),
    ];
    const slot = Math.floor((x - 80) / 80);
    const inBar =
      x >= 80 && slot < bars.length && (x - 80) % 80 < 48 && y > hgt - 40 - bars[slot] * 220 && y < hgt - 40;
    return inBar ? [255, 255, 255] : base;
  });
}

const releaseOf = (fate: Fate): { release: ContentRelease; appointTime: Date | null } =>
  fate === 'draft'
    ? { release: 'save', appointTime: null }
    : 'inDays' in fate
      ? { release: 'schedule', appointTime: new Date(Date.now() + fate.inDays * DAY) }
      : { release: 'publish', appointTime: null };

/**
 * The demo city's content, made through the content service as the bureau's administrator would:
 * pictures and PDFs stored through the content file rules, items saved and published or scheduled
 * through the publish machine (so each has its history); release times moved into the past. Runs once.
 */
export async function seedDemoContent(tx: Tx, config: Config): Promise<number> {
  const [already] = await tx.select({ id: contentItems.id }).from(contentItems).limit(1);
  if (already) return 0;
  const admin = await actorOf(tx, 'admin');
  if (!admin) return 0;
  const db = within(tx);
  const storage = createStorage(config.dataDir);
  const svc = contentService(config.apiBase);
  const made: { id: string; fate: Fate }[] = [];

  for (const n of NEWS) {
    let html = n.paragraphs.map((t) => `<p>${t}</p>`).join('');
    if (n.picture) {
      const image = await storeContentFile(db, storage, admin, config.apiBase, {
        purpose: 'image',
        fileName: `${n.title.slice(0, 20)}.png`,
        bytes: picture(n.picture),
      });
      html = `<p>${n.paragraphs[0]}</p><p><img src="${image.url}" alt="${n.title}"></p>${n.paragraphs
        .slice(1)
        .map((t) => `<p>${t}</p>`)
        .join('')}`;
    }
    const { id } = await svc.save(db, admin, {
      kind: 'information',
      input: {
        informationName: n.title,
        informationType: n.type,
        msgContent: html,
        attachments: [],
        isTop: n.fate !== 'draft' && 'top' in n.fate && Boolean(n.fate.top),
        ...releaseOf(n.fate),
      },
    });
    made.push({ id, fate: n.fate });
  }

  for (const d of DOCUMENTS) {
    const file = await storeContentFile(db, storage, admin, config.apiBase, {
      purpose: 'document',
      fileName: `${d.title}.pdf`,
      bytes: chinesePdf(d.title, [{ kind: 'h1', text: d.title }, ...d.blocks]),
    });
    const { id } = await svc.save(db, admin, {
      kind: 'document',
      input: {
        dataName: d.title,
        dataManagementType: d.type,
        fileId: file.id,
        releaseScope: d.scope ?? [],
        remark: null,
        isTop: d.fate !== 'draft' && 'top' in d.fate && Boolean(d.fate.top),
        ...releaseOf(d.fate),
      },
    });
    made.push({ id, fate: d.fate });
  }

  for (const [i, f] of FAQS.entries()) {
    const { id } = await svc.save(db, admin, {
      kind: 'faq',
      input: {
        question: f.question,
        answer: f.answer,
        category: f.category,
        attachments: [],
        sortNo: (i + 1) * 10,
        isTop: false,
        ...releaseOf(f.fate),
      },
    });
    made.push({ id, fate: f.fate });
  }

  // Published earlier than today, so lists have dates and the newest differ from the most read.
  for (const { id, fate } of made) {
    if (fate === 'draft' || 'inDays' in fate) continue;
    await tx
      .update(contentItems)
      .set({ releaseTime: new Date(Date.now() - fate.daysAgo * DAY), viewNum: fate.views })
      .where(eq(contentItems.id, id));
  }
  return made.length;
}
