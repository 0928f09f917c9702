import {
  OPEN_API_PREFIX,
  OpenApiMessages,
  OpenDatasetParams,
  OpenDatasetsQuery,
  type OpenQuotaTier,
  type OpenRows,
} from '@odp/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.js';
import { AppError, badRequest, notFound } from '../../platform/http/errors.js';
import { csvOut } from '../market/download.js';
import { type CallKind, callLog } from './call-log.js';
import { grantOf, type OpenCaller, type OpenGrantRow, resolveCaller } from './caller.js';
import {
  apiFields,
  datasetMeta,
  itemsOf,
  type OpenEntry,
  openDataset,
  openDatasets,
  publicField,
  resourcesOf,
} from './datasets.js';
import { appSecrets } from './keys.js';
import { datasetOpenApi } from './openapi-doc.js';
import { quotasOf, takeQuota } from './quota.js';
import { parseRowsQuery, readRows } from './rows.js';

const tags = ['开放数据接口'];
const RowsQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

type Served = { body: unknown; rows?: number; csv?: boolean };

/**
 * The open data API (`/open/api/v1/…` under the API base): datasets, their metadata and OpenAPI
 * description, and their rows. Every call is identified (address, plain key or signature), checked
 * against the dataset's open type and the application's grants, counted against its tier's quota
 * (X-RateLimit-* on the answer, 429 beyond it) and logged.
 */
export async function openDataRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const base = app.deps.config.apiBase;
  const secrets = appSecrets(app.deps.config);
  const calls = callLog(db, app.log);
  app.addHook('onClose', async () => {
    await calls.close();
  });

  /** 有条件开放 rows need a proven application with a live grant; other reads are open to all. */
  async function access(caller: OpenCaller, entry: OpenEntry | null, needsGrant: boolean) {
    let grant: OpenGrantRow | null = null;
    if (entry && caller.app && caller.proven) grant = await grantOf(db, caller.app.id, entry.id);
    let tier: OpenQuotaTier = caller.app ? 'registered' : 'anonymous';
    if (entry?.openType === '2' && needsGrant) {
      if (!caller.app) throw new AppError(401, OpenApiMessages.conditional);
      if (!caller.proven) throw new AppError(403, OpenApiMessages.conditional);
      if (!grant) throw new AppError(403, OpenApiMessages.notGranted);
      tier = 'granted';
    }
    return { grant, tier };
  }

  async function serve(
    req: FastifyRequest,
    reply: FastifyReply,
    kind: CallKind,
    catalogId: string | null,
    handle: (ctx: { entry: OpenEntry | null; grant: OpenGrantRow | null }) => Promise<() => Promise<Served>>,
  ) {
    const started = performance.now();
    let appId: string | null = null;
    let status = 200;
    let rows = 0;
    try {
      const caller = await resolveCaller(db, secrets, req);
      appId = caller.app?.id ?? null;
      const entry = catalogId ? await openDataset(db, catalogId) : null;
      const { grant, tier } = await access(caller, entry, kind === 'rows');
      // Bad parameters are answered before the call is counted.
      const run = await handle({ entry, grant });
      const quota = await takeQuota(db, `${tier}:${caller.app?.id ?? caller.ip}`, (await quotasOf(db))[tier]);
      reply.header('X-RateLimit-Limit', quota.limit);
      reply.header('X-RateLimit-Remaining', quota.remaining);
      reply.header('X-RateLimit-Reset', quota.reset);
      if (!quota.allowed) {
        reply.header('Retry-After', quota.retryAfter ?? 1);
        throw new AppError(429, quota.message ?? OpenApiMessages.perSecond);
      }
      const out = await run();
      rows = out.rows ?? 0;
      if (out.csv) return reply.type('text/csv; charset=utf-8').send(out.body);
      return out.body;
    } catch (err) {
      status = err instanceof AppError ? err.status : 500;
      throw err;
    } finally {
      calls.record({
        at: new Date(),
        appId,
        catalogId: status === 404 ? null : catalogId,
        kind,
        status,
        latencyMs: Math.round(performance.now() - started),
        rows,
        ip: req.ip.slice(0, 64),
      });
    }
  }

  app.get(
    `${OPEN_API_PREFIX}/datasets`,
    { config: { access: 'public' }, schema: { tags, summary: '开放数据集列表', querystring: OpenDatasetsQuery } },
    (req, reply) =>
      serve(req, reply, 'list', null, async () => async () => ({ body: ok(await openDatasets(db, req.query)) })),
  );

  app.get(
    `${OPEN_API_PREFIX}/datasets/:catalogId`,
    { config: { access: 'public' }, schema: { tags, summary: '数据集元数据', params: OpenDatasetParams } },
    (req, reply) =>
      serve(req, reply, 'meta', req.params.catalogId, async ({ entry, grant }) => async () => ({
        body: ok(await datasetMeta(db, entry as OpenEntry, grant, base)),
      })),
  );

  app.get(
    `${OPEN_API_PREFIX}/datasets/:catalogId/openapi.json`,
    { config: { access: 'public' }, schema: { tags, summary: '数据集的 OpenAPI 描述', params: OpenDatasetParams } },
    (req, reply) =>
      serve(req, reply, 'openapi', req.params.catalogId, async ({ entry, grant }) => async () => {
        const meta = await datasetMeta(db, entry as OpenEntry, grant, base);
        return { body: datasetOpenApi(entry as OpenEntry, meta.fields, base) };
      }),
  );

  app.get(
    `${OPEN_API_PREFIX}/datasets/:catalogId/rows`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '查询数据行（字段筛选、q、fields、sort、limit ≤ 1000、offset；JSON 或 CSV）',
        params: OpenDatasetParams,
        querystring: RowsQuery,
      },
    },
    (req, reply) =>
      serve(req, reply, 'rows', req.params.catalogId, async ({ entry, grant }) => {
        const e = entry as OpenEntry;
        const [resources, items] = await Promise.all([resourcesOf(db, e), itemsOf(db, e.id)]);
        if (!resources.length) throw badRequest(OpenApiMessages.noResource);
        const wanted = typeof req.query.resource === 'string' ? req.query.resource : null;
        const chosen = wanted ? resources.find((r) => r.resource.id === wanted) : resources[0];
        if (!chosen) throw notFound('数据资源不存在');
        const fields = apiFields(chosen.resource, items, grant);
        const q = parseRowsQuery(req.query, fields);
        return async () => {
          const { values, total, totalCapped } = q.fields.length
            ? await readRows(db, chosen.resource, q)
            : { values: [], total: 0, totalCapped: false };
          if (q.format === 'csv') {
            let csv = '';
            for await (const part of csvOut(
              q.fields.map((f) => f.key),
              (async function* () {
                for (const v of values) yield v.map((x) => x ?? '');
              })(),
            ))
              csv += part;
            return { body: csv, rows: values.length, csv: true };
          }
          const result: OpenRows = {
            dataset: e.id,
            resource: chosen.resource.id,
            fields: q.fields.map(publicField),
            total,
            totalCapped,
            offset: q.offset,
            limit: q.limit,
            rows: values.map((v) => Object.fromEntries(q.fields.map((f, i) => [f.key, v[i]]))),
          };
          return { body: ok(result), rows: values.length };
        };
      }),
  );
}
