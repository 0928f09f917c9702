import type { OpenAppCreateInput, OpenAppItem, OpenAppPageQuery, OpenAppUpdateInput } from '@odp/contracts';
import { and, desc, eq, gte, ilike, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { catalogues, openApps, openCallLogs, openGrants } from '../../../db/schema/index.js';
import { badRequest } from '../../../platform/http/errors.js';
import { containing } from '../../../platform/resource/like.js';
import type { ResourceSpec } from '../../../platform/resource/resource.js';
import { newAppKey } from '../keys.js';

export type OpenAppRow = typeof openApps.$inferSelect;
/** A new application carries the secret made for it, already sealed. */
export type OpenAppCreate = OpenAppCreateInput & { secretEnc: string };

const DAY = 24 * 60 * 60 * 1000;

/** Each application's live grants with the dataset's name, and its calls of the last 30 days, in two reads. */
async function presentApps(db: Executor, rows: OpenAppRow[]): Promise<OpenAppItem[]> {
  const ids = rows.map((r) => r.id);
  const grants = ids.length
    ? await db
        .select({
          appId: openGrants.appId,
          catalogId: openGrants.catalogId,
          catalogName: catalogues.catalogName,
          fields: openGrants.fields,
          unmasked: openGrants.unmasked,
          startsAt: openGrants.startsAt,
          endsAt: openGrants.endsAt,
        })
        .from(openGrants)
        .innerJoin(catalogues, eq(catalogues.id, openGrants.catalogId))
        .where(and(inArray(openGrants.appId, ids), isNull(openGrants.revokedAt)))
    : [];
  const calls = ids.length
    ? await db
        .select({ appId: openCallLogs.appId, n: sql<number>`count(*)::int` })
        .from(openCallLogs)
        .where(and(inArray(openCallLogs.appId, ids), gte(openCallLogs.at, new Date(Date.now() - 30 * DAY))))
        .groupBy(openCallLogs.appId)
    : [];
  const callsOf = new Map(calls.map((c) => [c.appId, Number(c.n)]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    appKey: r.appKey,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    secretRotatedAt: r.secretRotatedAt.toISOString(),
    grants: grants
      .filter((g) => g.appId === r.id)
      .map((g) => ({
        catalogId: g.catalogId,
        catalogName: g.catalogName,
        fields: g.fields ?? null,
        unmasked: g.unmasked,
        startsAt: g.startsAt.toISOString(),
        endsAt: g.endsAt?.toISOString() ?? null,
      })),
    calls30d: callsOf.get(r.id) ?? 0,
  }));
}

/** 我的应用: every user's own list (the `owner` scope); a name is unique among the user's applications. */
export const openAppResource: ResourceSpec<
  OpenAppRow,
  OpenAppItem,
  OpenAppCreate,
  OpenAppUpdateInput,
  OpenAppPageQuery
> = {
  label: '应用',
  table: openApps,
  id: openApps.id,
  owner: openApps.userId,
  filters: (q) => [q.name ? ilike(openApps.name, containing(q.name)) : undefined],
  sortable: { name: openApps.name, createdAt: openApps.createdAt },
  defaultOrder: desc(openApps.createdAt),
  present: presentApps,
  toInsert: (input, actor) => ({
    userId: actor.userId,
    name: input.name,
    description: input.description,
    appKey: newAppKey(),
    secretEnc: input.secretEnc,
  }),
  toUpdate: (input) => ({ name: input.name, description: input.description, updatedAt: new Date() }),
  async beforeWrite(tx, input, actor, existing) {
    const [taken] = await tx
      .select({ id: openApps.id })
      .from(openApps)
      .where(
        and(
          eq(openApps.userId, actor.userId),
          eq(openApps.name, input.name),
          existing ? ne(openApps.id, existing.id) : undefined,
        ),
      )
      .limit(1);
    if (taken) throw badRequest('已有同名应用', { field: 'name' });
  },
  describe: (r) => r.name,
};
