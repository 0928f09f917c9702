import {
  type MyServiceItem,
  type MyServicesQuery,
  OPEN_API_PREFIX,
  OPEN_APPLY_MACHINE,
  OpenApplyMessages,
  OpenApplyStatus,
  type OpenDatasetMeta,
  type Page,
  stateLabel,
  type TestApiDetailInput,
  type TestApiInfo,
  type TestApiResult,
  toPage,
} from '@odp/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth/actor.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { grantQuotaSubject, usedToday } from '../openapi/quota.js';
import type { OpenApiProbe } from './probe.js';
import { applicantIs, applyListRow, countApplies, currentGrants, type ListFilter, listApplies } from './repository.js';

/** Applications that were granted at some point: in use, revoked or cancelled, or expired. */
const SERVICE_STATUSES = [OpenApplyStatus.granted, OpenApplyStatus.revoked, OpenApplyStatus.expired] as const;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** 我的服务: the caller's granted datasets with the bound app's key, today's calls against the daily quota, and the period. */
export async function myServices(
  db: Db,
  actor: Actor,
  q: MyServicesQuery,
  now = new Date(),
): Promise<Page<MyServiceItem>> {
  const filter: ListFilter = {
    scope: applicantIs(actor.userId),
    statuses: SERVICE_STATUSES,
    catalogName: q.catalogName,
  };
  const [rows, total] = await Promise.all([
    listApplies(db, filter, q.pageSize, (q.pageNo - 1) * q.pageSize, 'decided'),
    countApplies(db, filter),
  ]);
  const grants = await currentGrants(
    db,
    rows.map((r) => r.apply.id),
  );
  const used = await usedToday(
    db,
    [...grants.values()].map((g) => grantQuotaSubject(g.id)),
    now.getTime(),
  );
  return toPage(
    rows.map(({ apply: row, ...r }): MyServiceItem => {
      const grant = grants.get(row.id) ?? null;
      const live =
        row.status === OpenApplyStatus.granted &&
        grant !== null &&
        grant.revokedAt === null &&
        grant.startsAt.getTime() <= now.getTime() &&
        (grant.endsAt === null || grant.endsAt.getTime() > now.getTime());
      return {
        id: row.id,
        code: row.code,
        catalogId: row.catalogId,
        catalogName: r.catalogName,
        providerName: r.providerName,
        appId: row.appId,
        appName: r.appName,
        appKey: r.appKey,
        fields: row.grantedFields ?? row.fields,
        startDate: row.startDate,
        endDate: row.grantedEndDate ?? row.endDate,
        dailyQuota: row.dailyQuota,
        usedToday: grant ? (used.get(grantQuotaSubject(grant.id)) ?? 0) : 0,
        status: row.status as OpenApplyStatus,
        statusLabel: stateLabel(OPEN_APPLY_MACHINE, 'status', row.status),
        submittedAt: iso(row.submittedAt),
        decidedAt: iso(row.decidedAt),
        live,
      };
    }),
    total,
    q,
  );
}

/** The caller's granted service with its bound app (another user's id is a 404). */
async function ownService(db: Db, actor: Actor, id: string) {
  const r = await applyListRow(db, id);
  if (!r || r.apply.applicantId !== actor.userId) throw notFound(OpenApplyMessages.notFound);
  if (r.apply.status !== OpenApplyStatus.granted) throw badRequest(OpenApplyMessages.notGranted);
  if (!r.apply.appId || !r.appKey || !r.appName) throw badRequest(OpenApplyMessages.notBound);
  return { ...r, appKey: r.appKey, appName: r.appName };
}

const rowsPath = (catalogId: string) => `/datasets/${catalogId}/rows`;

/** 接口测试, before the call: the rows endpoint, the fields the grant reads (as the API names them) and today's calls. */
export async function testApiInfo(
  db: Db,
  probe: OpenApiProbe,
  actor: Actor,
  token: string,
  id: string,
  base: string,
  now = new Date(),
): Promise<TestApiInfo> {
  const s = await ownService(db, actor, id);
  const meta = await probe({ path: `/datasets/${s.apply.catalogId}`, appKey: s.appKey, token });
  const fields =
    meta.status === 200
      ? (JSON.parse(meta.body) as { result: OpenDatasetMeta }).result.fields.map((f) => ({
          key: f.key,
          name: f.name,
          type: f.type,
          masked: f.masked,
        }))
      : [];
  const grant = (await currentGrants(db, [s.apply.id])).get(s.apply.id);
  const subject = grant ? grantQuotaSubject(grant.id) : null;
  const used = subject ? ((await usedToday(db, [subject], now.getTime())).get(subject) ?? 0) : 0;
  return {
    id: s.apply.id,
    catalogId: s.apply.catalogId,
    catalogName: s.catalogName,
    appName: s.appName,
    appKey: s.appKey,
    endpoint: `${base}${OPEN_API_PREFIX}${rowsPath(s.apply.catalogId)}`,
    fields,
    dailyQuota: s.apply.dailyQuota,
    usedToday: used,
  };
}

/** 接口测试: one call of the dataset's rows API with the service's app, counted and logged like any other. */
export async function testApiCall(
  db: Db,
  probe: OpenApiProbe,
  actor: Actor,
  token: string,
  input: TestApiDetailInput,
): Promise<TestApiResult> {
  const s = await ownService(db, actor, input.id);
  const res = await probe({ path: rowsPath(s.apply.catalogId), query: input.query, appKey: s.appKey, token });
  return {
    status: res.status,
    limit: res.headers.limit ?? null,
    remaining: res.headers.remaining ?? null,
    body: res.body,
  };
}
