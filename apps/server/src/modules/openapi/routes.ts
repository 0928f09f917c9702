import { OPEN_API_PREFIX, OpenApiMessages, OpenDatasetParams, OpenDatasetsQuery, type OpenRows } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { csvOut } from '../market/download.js';
import type { OpenCaller } from './caller.js';
import {
  apiFields,
  datasetMeta,
  type OpenDataset,
  openDatasets,
  openDatasetWithData,
  publicField,
} from './datasets.js';
import { datasetOpenApi } from './openapi-doc.js';
import { parseRowsQuery, readRows } from './rows.js';
import { openApiServer } from './serve.js';

const tags = ['开放数据接口'];
/** Any query parameters: the route itself says which it takes (400 for the rest). */
export const AnyQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/**
 * The open data API (`/open/api/v1/…` under the API base): datasets, their metadata and OpenAPI
 * description, and their rows. Every call is identified (address, plain key or signature), checked
 * against the dataset's open type and the application's grants, counted against its tier's quota
 * (X-RateLimit-* on the answer, 429 beyond it) and logged: `serve.ts`, shared with the gateway.
 */
export async function openDataRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const base = app.deps.config.apiBase;
  const serve = openApiServer(app);
  const dataset = (id: string) => ({ id, find: (caller: OpenCaller) => openDatasetWithData(db, id, caller) });

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
      serve(req, reply, 'meta', dataset(req.params.catalogId), async ({ entry, grant }) => async () => ({
        body: ok(datasetMeta(entry as OpenDataset, grant, base)),
      })),
  );

  app.get(
    `${OPEN_API_PREFIX}/datasets/:catalogId/openapi.json`,
    { config: { access: 'public' }, schema: { tags, summary: '数据集的 OpenAPI 描述', params: OpenDatasetParams } },
    (req, reply) =>
      serve(req, reply, 'openapi', dataset(req.params.catalogId), async ({ entry, grant }) => async () => {
        const meta = datasetMeta(entry as OpenDataset, grant, base);
        return { body: datasetOpenApi(entry as OpenDataset, meta.fields, base) };
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
        querystring: AnyQuery,
      },
    },
    (req, reply) =>
      serve(req, reply, 'rows', dataset(req.params.catalogId), async ({ entry, grant }) => {
        const e = entry as OpenDataset;
        const { resources, items } = e;
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
