import { OPEN_API_PREFIX, OpenApiMessages, OpenServiceParams } from '@odp/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/errors.js';
import { OutboundHttpError } from '../../platform/outbound/http.js';
import { type OpenEntry, openServiceEntry } from './datasets.js';
import { declaredParams } from './gateway/params.js';
import { callUpstream, type InterfaceMount, interfaceOf } from './gateway/upstream.js';
import { AnyQuery } from './routes.js';
import { openApiServer } from './serve.js';

const tags = ['开放数据接口'];
const GATEWAY_MESSAGE: Record<OutboundHttpError['reason'], string> = {
  failed: OpenApiMessages.upstreamFailed,
  timeout: OpenApiMessages.upstreamTimeout,
  tooLarge: OpenApiMessages.upstreamTooLarge,
};
const CONTENT_TYPE: Record<InterfaceMount['responseType'], string> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  text: 'text/plain; charset=utf-8',
};

/**
 * The interface gateway: `GET|POST /open/api/v1/services/{apiId}` calls the upstream an officer
 * mounted (数据归集 › 接口发布) with the declared parameters only and answers what it said — status,
 * content type and body, passed through. It goes through the same pipeline as the rows API (caller,
 * 有条件开放 grants, quota, call log as kind `service`); an upstream that cannot be reached, is too
 * slow or answers too much is a Chinese 502.
 */
export async function openServiceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { outboundAllow, outboundLookup } = app.deps.config;
  const policy = { allow: outboundAllow, lookup: outboundLookup };
  const serve = openApiServer(app);

  const handler = (req: FastifyRequest, reply: FastifyReply) => {
    const { apiId } = req.params as z.infer<typeof OpenServiceParams>;
    return serve(
      req,
      reply,
      'service',
      { id: null, find: (caller) => openServiceEntry(db, apiId, caller) },
      async ({ entry }) => {
        const api = interfaceOf((entry as OpenEntry).mount) as InterfaceMount;
        if (req.method !== api.requestMode) throw new AppError(405, `该接口只接受 ${api.requestMode} 请求`);
        const params = declaredParams(api.requestParameters, api.requestMode, {
          query: req.query as Record<string, string | string[]>,
          headers: req.headers,
          body: req.body,
        });
        return async () => {
          try {
            const answer = await callUpstream(api.upstream, api.requestMode, params, policy);
            return {
              raw: {
                status: answer.status,
                contentType: answer.contentType ?? CONTENT_TYPE[api.responseType],
                body: answer.body,
              },
            };
          } catch (e) {
            if (e instanceof OutboundHttpError) throw new AppError(502, GATEWAY_MESSAGE[e.reason]);
            // The address was allowed at mount time; now it resolves somewhere it may not go.
            if (e instanceof AppError) throw new AppError(502, `${OpenApiMessages.upstreamFailed}（${e.message}）`);
            throw e;
          }
        };
      },
    );
  };

  const schema = { tags, params: OpenServiceParams, querystring: AnyQuery };
  app.get(
    `${OPEN_API_PREFIX}/services/:apiId`,
    { config: { access: 'public' }, schema: { ...schema, summary: '调用已挂载的接口（GET）' } },
    handler,
  );
  app.post(
    `${OPEN_API_PREFIX}/services/:apiId`,
    {
      config: { access: 'public' },
      schema: {
        ...schema,
        summary: '调用已挂载的接口（POST，请求体为 JSON 对象）',
        body: z.record(z.string(), z.unknown()).optional(),
      },
    },
    handler,
  );
}
