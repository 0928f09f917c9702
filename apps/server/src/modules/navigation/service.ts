import {
  isNavUrl,
  NavigationMessages as M,
  NAV_OPEN_MODE,
  NAV_TOKEN_LIFETIME_S,
  NAV_TOKEN_PARAM,
  type NavAppCard,
  type NavAppCreateInput,
  type NavAppItem,
  type NavAppPageQuery,
  type NavAppUpdateInput,
  type NavIconUpload,
  type NavLaunch,
  type NavOpenMode,
  type NavTokenUser,
  type NavTokenVerifyInput,
} from '@odp/contracts';
import { asc, eq, ilike } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db, Executor } from '../../db/client.js';
import { navApps } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import { badRequest, notFound, unauthorized } from '../../platform/http/errors.js';
import { containing } from '../../platform/resource/like.js';
import { type ResourceSpec, resourceService } from '../../platform/resource/resource.js';
import { newJti, signToken, type TokenRefusal, verifyToken } from '../../platform/secret/signed-token.js';
import type { Storage } from '../../platform/storage/storage.js';
import { sniffPicture } from '../system/picture/sniff.js';
import {
  enabledNavApps,
  findNavApp,
  iconsExist,
  insertIcon,
  type NavAppRow,
  rememberToken,
  takeToken,
  tokenUser,
} from './repository.js';

export const NAV_ICON_MAX_BYTES = 2 * 1024 * 1024;
const ICON_SIDE = 256;

export type NavigationOptions = {
  apiBase: string;
  /** Origins an entry may be embedded from (NAV_EMBED_ORIGINS). */
  embedOrigins: readonly string[];
  /** The signing key (NAV_TOKEN_SECRET or the data folder's). */
  key: () => Buffer;
  now: () => Date;
};

export const iconUrl = (apiBase: string, id: string | null) => (id ? `${apiBase}/api/navigation/icon/${id}` : null);

const presentCard = (r: NavAppRow, apiBase: string): NavAppCard => ({
  id: r.id,
  name: r.name,
  description: r.description,
  iconUrl: iconUrl(apiBase, r.iconId),
  openMode: r.openMode as NavOpenMode,
  needLogin: r.needLogin,
  url: r.url,
});

const presentItem = (r: NavAppRow, apiBase: string): NavAppItem => ({
  ...presentCard(r, apiBase),
  iconId: r.iconId,
  sortNo: r.sortNo,
  enabled: r.enabled,
  createTime: r.createdAt.toISOString(),
  updateTime: r.updatedAt.toISOString(),
});

const isAbsolute = (url: string) => !url.startsWith('/');

/** An embedded address must be another site's page on the allowed list; this site's pages open as pages. */
export function embedRefusal(url: string, origins: readonly string[]): string | null {
  if (!isNavUrl(url)) return M.urlFormat;
  if (!isAbsolute(url)) return M.embedSameSite;
  return origins.includes(new URL(url).origin) ? null : M.embedOrigin;
}

function navAppResource(
  opts: NavigationOptions,
): ResourceSpec<NavAppRow, NavAppItem, NavAppCreateInput, NavAppUpdateInput, NavAppPageQuery> {
  const fields = (input: NavAppCreateInput) => ({
    name: input.name,
    description: input.description,
    url: input.url,
    iconId: input.iconId,
    openMode: input.openMode,
    needLogin: input.needLogin,
    sortNo: input.sortNo,
    enabled: input.enabled,
  });
  return {
    label: '导航应用',
    table: navApps,
    id: navApps.id,
    filters: (q) => [
      q.name ? ilike(navApps.name, containing(q.name)) : undefined,
      q.enabled ? eq(navApps.enabled, q.enabled === 'true') : undefined,
    ],
    sortable: { sortNo: navApps.sortNo, name: navApps.name, createTime: navApps.createdAt },
    defaultOrder: asc(navApps.sortNo),
    async present(_db, rows) {
      return rows.map((r) => presentItem(r, opts.apiBase));
    },
    unique: [{ column: navApps.name, field: 'name', value: (i) => i.name, message: '应用名称已存在' }],
    toInsert: (input, actor) => ({ ...fields(input), createdBy: actor.username }),
    toUpdate: (input) => ({ ...fields(input), updatedAt: new Date() }),
    async beforeWrite(tx, input) {
      if (input.openMode === NAV_OPEN_MODE.embedded) {
        const refusal = embedRefusal(input.url, opts.embedOrigins);
        if (refusal) throw badRequest(refusal, { field: 'url' });
      }
      if (input.iconId && !(await iconsExist(tx, [input.iconId])).has(input.iconId)) {
        throw badRequest(M.iconMissing, { field: 'iconId' });
      }
    },
    describe: (r) => r.name,
  };
}

export function navigationService(opts: NavigationOptions) {
  const resource = resourceService(navAppResource(opts));

  /** The sign-in token for one user and one application: signed, 60 s, its `jti` kept until used. */
  async function issueToken(db: Executor, appId: string, userId: string): Promise<string> {
    const now = opts.now();
    const iat = Math.floor(now.getTime() / 1000);
    const exp = iat + NAV_TOKEN_LIFETIME_S;
    const jti = newJti();
    await rememberToken(db, { jti, appId, userId, expiresAt: new Date(exp * 1000) }, now);
    return signToken(opts.key(), { aud: appId, sub: userId, iat, exp, jti });
  }

  const refusalMessage: Record<TokenRefusal, string> = {
    malformed: M.tokenMalformed,
    forged: M.tokenForged,
    expired: M.tokenExpired,
    tooLong: M.tokenMalformed,
  };

  return {
    list: resource.list,
    create: resource.create,
    update: resource.update,
    remove: (db: Db, actor: Actor, id: string) => resource.remove(db, actor, [id]),
    removeMany: resource.remove,

    /** The public page: enabled entries as cards, in their order. */
    async cards(db: Db): Promise<NavAppCard[]> {
      return (await enabledNavApps(db)).map((r) => presentCard(r, opts.apiBase));
    },

    /**
     * What the portal opens for an entry. An entry needing login is refused to a visitor (401: the page
     * sends them to sign in and back); for another site it carries a fresh sign-in token, never the
     * user's name. An embedded entry must still be on the allowed list (the setting may have changed).
     */
    async launch(db: Db, actor: Actor | null, id: string): Promise<NavLaunch> {
      const app = await findNavApp(db, id);
      if (!app?.enabled) throw notFound(M.notFound);
      if (app.needLogin && !actor) throw unauthorized(M.loginRequired);
      if (app.openMode === NAV_OPEN_MODE.embedded) {
        const refusal = embedRefusal(app.url, opts.embedOrigins);
        if (refusal) throw badRequest(refusal);
      }
      let url = app.url;
      if (app.needLogin && actor && isAbsolute(url)) {
        const u = new URL(url);
        u.searchParams.set(NAV_TOKEN_PARAM, await issueToken(db, app.id, actor.userId));
        url = u.toString();
      }
      return { id: app.id, name: app.name, openMode: app.openMode as NavOpenMode, url };
    },

    /**
     * The external application's server exchanges the token for who the user is: signature, lifetime,
     * the application it was issued for, and once only (the `jti` row is taken by the same statement).
     */
    async verify(db: Db, input: NavTokenVerifyInput): Promise<NavTokenUser> {
      const now = opts.now();
      const check = verifyToken<{ aud?: unknown; sub?: unknown }>(opts.key(), input.token, {
        nowS: Math.floor(now.getTime() / 1000),
        maxLifetimeS: NAV_TOKEN_LIFETIME_S,
        skewS: 0,
      });
      if (!check.ok) throw badRequest(refusalMessage[check.reason]);
      const { aud, sub, jti } = check.payload;
      if (typeof aud !== 'string' || typeof sub !== 'string') throw badRequest(M.tokenMalformed);
      if (aud !== input.appId) throw badRequest(M.tokenWrongApp);
      const taken = await takeToken(db, jti, aud, now);
      if (!taken || taken.userId !== sub) throw badRequest(M.tokenUsed);
      const user = await tokenUser(db, sub);
      if (!user || user.deletedAt || user.status !== 1) throw badRequest(M.tokenUsed);
      const userType = user.orgCode ? '0' : user.accountType === '2' ? '2' : '1';
      return { userId: user.id, username: user.username, realname: user.realname, userType, appId: aud };
    },

    /** An icon: checked by its first bytes, decoded and resized to a small WebP. */
    async uploadIcon(db: Db, storage: Storage, actor: Actor, bytes: Buffer): Promise<NavIconUpload> {
      if (bytes.length > NAV_ICON_MAX_BYTES) throw badRequest(M.iconTooLarge);
      if (!sniffPicture(bytes)) throw badRequest(M.iconType);
      let webp: Buffer;
      try {
        webp = await sharp(bytes, { limitInputPixels: 40_000_000 })
          .rotate()
          .resize({ width: ICON_SIDE, height: ICON_SIDE, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 85 })
          .toBuffer();
      } catch {
        throw badRequest(M.iconUnreadable);
      }
      const storageKey = await storage.put(webp, 'bin');
      try {
        const row = await insertIcon(db, {
          storageKey,
          mimeType: 'image/webp',
          size: webp.length,
          uploadedBy: actor.userId,
        });
        return { id: row.id, url: iconUrl(opts.apiBase, row.id) ?? '' };
      } catch (e) {
        await storage.remove(storageKey);
        throw e;
      }
    },
  };
}

export type NavigationService = ReturnType<typeof navigationService>;
