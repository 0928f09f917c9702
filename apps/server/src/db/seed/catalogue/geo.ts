import { type Rng, round } from './random.js';

/**
 * The geography of 滨江市 for generated rows: six districts and counties around one city centre
 * (120.15 E, 30.28 N), their streets and towns, and their roads.
 */
export type District = {
  code: string;
  name: string;
  /** 行政区划代码, as in dict administrative_division. */
  division: string;
  lng: number;
  lat: number;
  /** Spread of generated points around the centre, in degrees. */
  spread: number;
  streets: readonly string[];
  roads: readonly string[];
  county: boolean;
};

export const CITY_CENTRE = { lng: 120.15, lat: 30.28 };

export const DISTRICT_GEO: readonly District[] = [
  {
    code: 'BJQ01',
    name: '东湖区',
    division: '330102',
    lng: 120.2,
    lat: 30.29,
    spread: 0.028,
    county: false,
    streets: ['湖滨街道', '望江街道', '东湖街道', '新塘街道', '闸弄口街道'],
    roads: ['滨江大道', '湖滨路', '东湖路', '望江路', '解放东路', '钱塘路', '新塘路', '秋涛路', '凤起东路', '明月路'],
  },
  {
    code: 'BJQ02',
    name: '西城区',
    division: '330103',
    lng: 120.1,
    lat: 30.285,
    spread: 0.03,
    county: false,
    streets: ['文新街道', '翠苑街道', '西溪街道', '留下街道', '古荡街道'],
    roads: ['文三路', '文二路', '西溪路', '天目山路', '古墩路', '紫金港路', '留和路', '学院路', '丰潭路', '益乐路'],
  },
  {
    code: 'BJQ03',
    name: '南湖区',
    division: '330104',
    lng: 120.165,
    lat: 30.22,
    spread: 0.03,
    county: false,
    streets: ['南湖街道', '长河街道', '浦沿街道', '西兴街道', '南星街道'],
    roads: ['南湖大道', '之江路', '复兴路', '江南大道', '长河路', '南环路', '春晓路', '滨盛路', '月明路', '信诚路'],
  },
  {
    code: 'BJQ04',
    name: '北山区',
    division: '330105',
    lng: 120.145,
    lat: 30.345,
    spread: 0.03,
    county: false,
    streets: ['北山街道', '半山街道', '石桥街道', '康桥街道', '祥符街道'],
    roads: ['北山路', '石桥路', '半山路', '康桥路', '上塘路', '北环路', '丽水路', '祥园路', '杭行路', '莫干山路'],
  },
  {
    code: 'BJQ05',
    name: '临江县',
    division: '330122',
    lng: 120.31,
    lat: 30.175,
    spread: 0.055,
    county: true,
    streets: ['临江街道', '江滨街道', '新港镇', '东洲镇', '瓜沥镇'],
    roads: ['临江大道', '江滨路', '人民路', '城东路', '新华路', '迎宾路', '港城大道', '兴港路', '东洲路', '沿江路'],
  },
  {
    code: 'BJQ06',
    name: '青山县',
    division: '330127',
    lng: 119.96,
    lat: 30.4,
    spread: 0.06,
    county: true,
    streets: ['青溪街道', '青山镇', '竹溪镇', '云峰乡', '龙门镇'],
    roads: ['青山大道', '环城路', '竹海路', '青溪路', '中山路', '云峰路', '龙门路', '翠竹路', '文昌路', '溪东路'],
  },
];

export const districtByName = (name: string) => {
  const d = DISTRICT_GEO.find((x) => x.name === name);
  if (!d) throw new Error(`unknown district ${name}`);
  return d;
};

/** Districts weighted by how dense they are (urban districts hold more facilities). */
export function pickDistrict(rng: Rng): District {
  return rng.weighted(DISTRICT_GEO.map((d) => [d, d.county ? 0.7 : 1.2] as const));
}

export type Point = { lng: number; lat: number };

/** A point near the district's centre (roughly normal, clipped to 2.2 spreads). */
export function pointIn(rng: Rng, d: District, spread = d.spread): Point {
  const dx = Math.max(-2.2, Math.min(2.2, rng.normal())) * spread;
  const dy = Math.max(-2.2, Math.min(2.2, rng.normal())) * spread * 0.85;
  return { lng: round(d.lng + dx, 6), lat: round(d.lat + dy, 6) };
}

export const fmtCoord = (v: number) => v.toFixed(6);

export function address(rng: Rng, d: District, road = rng.pick(d.roads)): string {
  return `滨江市${d.name}${road}${rng.int(1, 880)}号`;
}

/** A fixed-line number of the city, e.g. 0571-86321457. */
export function landline(rng: Rng): string {
  return `0571-8${rng.int(1, 9)}${rng.digits(6)}`;
}

export function mobile(rng: Rng): string {
  return `1${rng.pick(['35', '36', '37', '38', '39', '50', '51', '58', '59', '86', '87', '88', '89', '77', '80'])}${rng.digits(8)}`;
}

const SURNAMES = (
  '王 李 张 刘 陈 杨 黄 赵 吴 周 徐 孙 马 朱 胡 郭 何 林 高 罗 郑 梁 谢 宋 唐 ' +
  '许 韩 冯 邓 曹 彭 曾 沈 蒋 叶 钱 金 汪 方 俞 姚 楼 应 章 潘 施 陆 屠'
).split(' ');
const GIVEN = (
  '伟 芳 娜 敏 静 丽 强 磊 军 洋 勇 艳 杰 娟 涛 明 超 秀英 霞 平 刚 桂英 建华 ' +
  '建国 志强 晓东 海燕 丹 萍 鑫 浩 宇 婷 颖 俊 斌 琳 晨 昊 佳 雪 红 春燕 国平 立新 ' +
  '文博 思远 雨桐 子涵'
).split(' ');

export function personName(rng: Rng): string {
  return rng.pick(SURNAMES) + rng.pick(GIVEN);
}

/** Two-character trade names for enterprises, shops and institutions. */
export const TRADE_WORDS = (
  '恒达 瑞丰 鑫源 华泰 永盛 宏远 嘉禾 天诚 金桥 新锐 博远 德润 和信 中宇 东升 汇通 信达 ' +
  '锦程 卓越 星辰 海纳 宁远 安泰 富春 钱江 之江 湖畔 青禾 绿源 晨光 启明 聚力 远航 同创 ' +
  '康宁 仁和 百川 云帆 凯旋 万象 九州 明德 睿智 精诚 正泰 盛世 弘毅 景行 泓益 悦达 朗润 ' +
  '泰和 长青 益民 丰收 振兴 新城 晟华 铭扬 君越'
).split(' ');

/** Community and village names. */
export const PLACE_WORDS = (
  '和平 幸福 丽景 翠苑 金色 阳光 望江 春江 彩虹 景华 新村 绿园 枫林 桂花 荷花 杨柳 玉泉 ' +
  '明珠 兴隆 东方 南苑 北园 西湖 湖畔 滨河 花园 海棠 紫荆 香樟 银杏 梧桐 锦绣 康乐 长安 ' +
  '永安 宝善 凤凰 龙井 白塔 石门 竹林 云栖 青龙 清风 碧水 溪口 桥头 上塘 下沙 新桥 古荡 ' +
  '文华'
).split(' ');

/** GB 11714 organization code check character for 8 body characters. */
function orgCodeCheck(body: string): string {
  const weights = [3, 7, 9, 10, 5, 8, 4, 2];
  const chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += chars.indexOf(body[i]) * weights[i];
  const c = 11 - (sum % 11);
  return c === 10 ? 'X' : c === 11 ? '0' : String(c);
}

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character of a 统一社会信用代码 (GB 32100-2015) for its first 17 characters. */
export function usccCheck(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = USCC_CHARS.indexOf(first17[i]);
    if (v < 0) throw new Error(`invalid USCC character ${first17[i]}`);
    sum += v * USCC_WEIGHTS[i];
  }
  const c = 31 - (sum % 31);
  return USCC_CHARS[c === 31 ? 0 : c];
}

export function isValidUscc(code: string): boolean {
  return /^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code) && usccCheck(code.slice(0, 17)) === code[17];
}

/**
 * A 统一社会信用代码 with valid check characters: 9 (市场监管) + category (1 企业, 2 个体工商户) +
 * the district's division code + an organization code (8 characters and its GB 11714 check).
 */
export function uscc(rng: Rng, division: string, category: '1' | '2' = '1'): string {
  const body = `${rng.pick(['MA', 'MA', 'MA', '14', '25', '70'])}${rng.int(0, 9)}${rng.pick([...'0123456789ABCDEFGHJKLMNPQRTUWXY'])}${rng.digits(4)}`;
  const first17 = `9${category}${division}${body}${orgCodeCheck(body)}`;
  return first17 + usccCheck(first17);
}
