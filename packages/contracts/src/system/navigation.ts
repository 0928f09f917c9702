import { z } from 'zod';
import { IdList, PageQuery } from '../core/envelope.js';
import { idOf, int4Of, optionalText, requiredText, trimmedText } from '../core/fields.js';
import { isSameSitePath } from '../core/same-site.js';
import { NavigationMessages as M, NAV_OPEN_MODE } from './navigation-terms.js';

/**
 * An application's address: an absolute http(s) URL without credentials, or a path of this site
 * (`/personalCenter/perCenter?current=3`). `javascript:`, `data:` and the like are refused.
 */
export function isNavUrl(value: string): boolean {
  if (value.startsWith('/')) return isSameSitePath(value);
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password && Boolean(u.hostname);
  } catch {
    return false;
  }
}

export const NavUrl = z
  .string({ error: '请输入访问地址' })
  .trim()
  .min(1, '请输入访问地址')
  .max(1000, '访问地址不能超过 1000 个字符')
  .refine(isNavUrl, M.urlFormat);

const NavFields = {
  name: requiredText('应用名称', 50, { missing: true }),
  description: optionalText(300, '应用描述'),
  url: NavUrl,
  iconId: z
    .guid('图标编号不正确')
    .optional()
    .nullable()
    .transform((v) => v ?? null),
  openMode: z.union([z.literal(NAV_OPEN_MODE.newTab), z.literal(NAV_OPEN_MODE.embedded)], {
    error: '请选择打开方式',
  }),
  needLogin: z.boolean({ error: '请选择是否需要登录' }),
  sortNo: int4Of('排序', { max: 9999 }).default(0),
  enabled: z.boolean({ error: '请选择是否启用' }),
};

export const NavAppCreateInput = z.object(NavFields);
export type NavAppCreateInput = z.infer<typeof NavAppCreateInput>;

export const NavAppUpdateInput = z.object({ id: idOf('导航应用'), ...NavFields });
export type NavAppUpdateInput = z.infer<typeof NavAppUpdateInput>;

export const NavAppPageQuery = PageQuery.extend({
  name: trimmedText(50),
  enabled: z.enum(['true', 'false']).optional(),
});
export type NavAppPageQuery = z.infer<typeof NavAppPageQuery>;

export const NavAppIdsInput = z.object({ ids: IdList.pipe(z.array(idOf('导航应用'))) });
export type NavAppIdsInput = z.infer<typeof NavAppIdsInput>;

export const NavLaunchInput = z.object({ id: idOf('导航应用') });
export type NavLaunchInput = z.infer<typeof NavLaunchInput>;

/** The external application's exchange: the token it received and its own entry id. */
export const NavTokenVerifyInput = z.object({
  token: z.string({ error: '请提供登录令牌' }).min(1, '请提供登录令牌').max(2000, M.tokenMalformed),
  appId: idOf('导航应用'),
});
export type NavTokenVerifyInput = z.infer<typeof NavTokenVerifyInput>;
