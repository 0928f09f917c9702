/**
 * 功能导航 (`/system/FunctionNavigation`, `/system/EmbedPage`): terms the portal pages use without
 * the validation library.
 */

export const NAV_OPEN_MODE = { newTab: 1, embedded: 2 } as const;
export type NavOpenMode = (typeof NAV_OPEN_MODE)[keyof typeof NAV_OPEN_MODE];
export const NAV_OPEN_MODE_LABEL: Record<number, string> = { 1: '新窗口打开', 2: '内嵌打开' };

export const NavigationPerm = {
  list: 'system:navigation:list',
  edit: 'system:navigation:edit',
} as const;

/** The query parameter that carries the sign-in token to an external application. */
export const NAV_TOKEN_PARAM = 'odp_token';
/** How long a sign-in token lives, in seconds. */
export const NAV_TOKEN_LIFETIME_S = 60;

export const NAV_FUNCTION_PATH = '/system/FunctionNavigation';
export const NAV_EMBED_PATH = '/system/EmbedPage';

export const NavigationMessages = {
  notFound: '导航应用不存在或已停用',
  urlFormat: '访问地址须以 http:// 或 https:// 开头，或为本站路径（以 / 开头）',
  embedOrigin: '内嵌打开的地址不在允许内嵌的站点之内（NAV_EMBED_ORIGINS）',
  embedSameSite: '本站页面请选择新窗口打开',
  iconType: '图标只支持 JPG、PNG、WebP 格式的图片',
  iconTooLarge: '图标不能超过 2MB',
  iconUnreadable: '图标图片无法读取',
  iconMissing: '图标不存在，请重新上传',
  loginRequired: '请先登录后再进入该应用',
  tokenMalformed: '登录令牌格式不正确',
  tokenForged: '登录令牌签名无效',
  tokenExpired: '登录令牌已过期',
  tokenUsed: '登录令牌已使用或不存在',
  tokenWrongApp: '登录令牌不属于该应用',
} as const;

/** One card of the public page. */
export type NavAppCard = {
  id: string;
  name: string;
  description: string | null;
  iconUrl: string | null;
  openMode: NavOpenMode;
  needLogin: boolean;
  /** Same-site path (`/…`) or the application's address (without any token). */
  url: string;
};

/** The back office's row. */
export type NavAppItem = NavAppCard & {
  iconId: string | null;
  sortNo: number;
  enabled: boolean;
  createTime: string;
  updateTime: string;
};

/** What the portal opens: the address, with a fresh sign-in token when the entry needs login. */
export type NavLaunch = { id: string; name: string; openMode: NavOpenMode; url: string };

/** What `/api/navigation/token/verify` answers the external application. */
export type NavTokenUser = {
  userId: string;
  username: string;
  realname: string;
  /** 1 个人, 2 法人, 0 工作人员 (an account with a department). */
  userType: '0' | '1' | '2';
  appId: string;
};

export type NavIconUpload = { id: string; url: string };
