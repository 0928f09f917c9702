import { randomUUID } from 'node:crypto';
import {
  type InterfaceCheck,
  type InterfaceItem,
  type InterfaceListItem,
  type InterfaceMountValues,
  type InterfacePageQuery,
  type InterfaceParam,
  OPEN_API_PREFIX,
  type Page,
  type PageQuery,
  parseUpstreamUrl,
} from '@odp/contracts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { catalogues, departs } from '../../db/schema/index.js';
import { logOperation } from '../../platform/audit/log.js';
import type { Actor } from '../../platform/auth/actor.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { resolveOutbound } from '../../platform/outbound/address.js';
import { OutboundHttpError } from '../../platform/outbound/http.js';
import { containing } from '../../platform/resource/like.js';
import { paginate } from '../../platform/resource/paging.js';
import { ownsEntry, ScopeMessages, scopeFilter } from '../catalogue/scope.js';
import { DEMO_UPSTREAMS } from '../openapi/gateway/demo-upstreams.js';
import type { DeclaredParams } from '../openapi/gateway/params.js';
import {
  callUpstream,
  describeInterface,
  describeUpstream,
  type InterfaceMount,
  interfaceOf,
  type Upstream,
} from '../openapi/gateway/upstream.js';
import { mountEntryOf } from './mount-entry.js';

/** A value of each type that any upstream should accept when 测试 has nothing better. */
const PLACEHOLDER: Record<InterfaceParam['type'], string> = {
  string: 'test',
  int: '1',
  double: '1',
  boolean: 'false',
  date: '2026-01-01',
};

/**
 * What 测试 sends: for each declared parameter the value in the request example's query, else its
 * default, else (when required) a placeholder of its type. The upstream answering at all (below 500)
 * is what the test checks, so a 400 about a placeholder still says the upstream is there.
 */
function testParams(api: InterfaceMount): DeclaredParams {
  const example = /\?([^\s"'`]+)/.exec(api.requestExample ?? '');
  const given = new URLSearchParams(example?.[1] ?? '');
  const out: DeclaredParams = { query: [], headers: {}, body: api.requestMode === 'POST' ? {} : null };
  for (const p of api.requestParameters) {
    const value = given.get(p.parameterName) ?? p.defaultValue ?? (p.required ? PLACEHOLDER[p.type] : null);
    if (value === null) continue;
    if (p.parameterLocation === 'query') out.query.push([p.parameterName, value]);
    else if (p.parameterLocation === 'header') out.headers[p.parameterName.toLowerCase()] = value;
    else if (out.body) out.body[p.parameterName] = value;
  }
  return out;
}

const messageOf = (e: unknown) => ((e instanceof Error ? e.message : String(e)) || '未知错误').slice(0, 300);

type Entry = { id: string; orgCode: string; catalogName: string; dataFormat: string; mount: unknown };

/** 数据归集 › 接口发布: mounting an entry's interface on an upstream, testing it, cancelling it. */
export function interfaceMountService(config: Config) {
  const policy = { allow: config.outboundAllow, lookup: config.outboundLookup };
  const gatewayPath = (apiId: string) => `${config.apiBase}${OPEN_API_PREFIX}/services/${apiId}`;

  async function ownEntry(db: Executor, actor: Actor, catalogId: string): Promise<Entry> {
    const entry = await mountEntryOf(db, catalogId, sql`${catalogues.shelfStatus} <> 9`);
    if (!entry) throw notFound(ScopeMessages.notFound);
    if (!ownsEntry(actor, entry.orgCode)) throw forbidden(ScopeMessages.notOwn);
    if (entry.dataFormat !== 'api') throw badRequest('只有数据格式为“接口”的目录可以挂载接口');
    return entry;
  }

  async function registered(db: Executor, actor: Actor, catalogId: string) {
    const entry = await ownEntry(db, actor, catalogId);
    const api = interfaceOf(entry.mount);
    if (!api) throw badRequest('该目录尚未挂载接口');
    return { entry, api };
  }

  /** Writes the mount and its operation log in one transaction. */
  async function save(db: Db, actor: Actor | null, entryId: string, mount: InterfaceMount, log: string, type: string) {
    await db.transaction(async (tx) => {
      await tx.update(catalogues).set({ mount }).where(eq(catalogues.id, entryId));
      if (actor) await logOperation(tx, actor, { content: log, operateType: type, target: entryId });
    });
  }

  function replaced(
    entry: Entry,
    fields: Omit<InterfaceMount, 'apiId' | 'mounted' | 'mountedAt' | 'lastCheck' | 'mountedBy'>,
    by: string | null,
  ): InterfaceMount {
    // The apiId developers call stays the same through every 重新挂载.
    const apiId = interfaceOf(entry.mount)?.apiId ?? randomUUID();
    return { ...fields, apiId, mounted: true, mountedAt: new Date().toISOString(), mountedBy: by, lastCheck: null };
  }

  return {
    /** 挂载 / 重新挂载: the upstream is parsed and its host checked now, and again at every call. */
    async mount(db: Db, actor: Actor, input: InterfaceMountValues) {
      const entry = await ownEntry(db, actor, input.catalogId);
      const parts = parseUpstreamUrl(input.upstreamUrl);
      if (typeof parts === 'string') throw badRequest(parts, { field: 'upstreamUrl' });
      await resolveOutbound(parts.hostname, policy, '接口地址');
      const mount = replaced(
        entry,
        {
          apiName: input.apiName,
          requestMode: input.requestMode,
          responseType: input.responseType,
          apiDescribe: input.apiDescribe,
          upstream: parts,
          requestParameters: input.requestParameters,
          responseParameters: input.responseParameters,
          requestExample: input.requestExample,
          returnExample: input.returnExample,
        },
        actor.realname,
      );
      await save(db, actor, entry.id, mount, `挂载接口：${entry.catalogName}（${input.apiName}）`, 'interfaceMount');
      return { apiId: mount.apiId, apiPath: gatewayPath(mount.apiId) };
    },

    /** 取消挂载: the gateway stops answering; the description stays for the next 挂载. */
    async cancel(db: Db, actor: Actor, catalogId: string) {
      const { entry, api } = await registered(db, actor, catalogId);
      if (!api.mounted) throw badRequest('该目录的接口已取消挂载');
      await save(
        db,
        actor,
        entry.id,
        { ...api, mounted: false },
        `取消接口挂载：${entry.catalogName}`,
        'interfaceUnmount',
      );
      return null;
    },

    /** 测试 (同步API): one call of the upstream with the example's values; the outcome is kept on the mount. */
    async check(db: Db, actor: Actor, catalogId: string, now = new Date()): Promise<InterfaceCheck> {
      const { entry, api } = await registered(db, actor, catalogId);
      const started = performance.now();
      let result: InterfaceCheck;
      try {
        const answer = await callUpstream(api.upstream, api.requestMode, testParams(api), policy, now);
        const ok = answer.status < 500;
        result = {
          at: now.toISOString(),
          ok,
          status: answer.status,
          latencyMs: Math.round(performance.now() - started),
          message: ok ? `上游接口可以访问（HTTP ${answer.status}）` : `上游接口返回错误（HTTP ${answer.status}）`,
        };
      } catch (e) {
        if (!(e instanceof OutboundHttpError || e instanceof AppError)) throw e;
        result = {
          at: now.toISOString(),
          ok: false,
          status: null,
          latencyMs: Math.round(performance.now() - started),
          message: messageOf(e),
        };
      }
      await save(
        db,
        actor,
        entry.id,
        { ...api, lastCheck: result },
        `测试接口：${entry.catalogName}（${result.ok ? '正常' : '异常'}）`,
        'interfaceCheck',
      );
      return result;
    },

    /** The demo seed's mount on a built-in upstream (no officer; the API cannot name `builtin:`). */
    async mountBuiltin(db: Db, catalogId: string, name: string, by: string) {
      const demo = DEMO_UPSTREAMS[name];
      if (!demo) throw new Error(`unknown built-in upstream ${name}`);
      const entry = await mountEntryOf(db, catalogId);
      if (!entry) throw new Error(`no catalogue entry ${catalogId}`);
      const upstream: Upstream = { protocol: 'builtin', name };
      const mount = replaced(
        entry,
        {
          apiName: demo.apiName,
          requestMode: demo.requestMode,
          responseType: 'json',
          apiDescribe: demo.describe,
          upstream,
          requestParameters: demo.requestParameters,
          responseParameters: demo.responseParameters,
          requestExample: null,
          returnExample: null,
        },
        by,
      );
      const query = new URLSearchParams(demo.example).toString();
      mount.requestExample = `GET ${gatewayPath(mount.apiId)}?${query}`;
      mount.returnExample = JSON.stringify(demo.answer(demo.example, new Date()).body, null, 2).slice(0, 20_000);
      await save(db, null, entry.id, mount, '', '');
      return mount;
    },

    /** 接口发布 list: the department's 接口 entries with their mount and last test, paged in SQL. */
    async page(db: Db, actor: Actor, q: InterfacePageQuery): Promise<Page<InterfaceItem>> {
      const mounted = sql`coalesce((${catalogues.mount}->>'mounted')::boolean, false)`;
      const where = and(
        scopeFilter(actor),
        eq(catalogues.dataFormat, 'api'),
        sql`${catalogues.shelfStatus} <> 9`,
        q.catalogName ? sql`${catalogues.catalogName} ilike ${containing(q.catalogName)}` : undefined,
        q.apiName ? sql`${catalogues.mount}->>'apiName' ilike ${containing(q.apiName)}` : undefined,
        q.isMount === '1' ? sql`${mounted}` : q.isMount === '2' ? sql`not ${mounted}` : undefined,
      );
      const page = await paginate(
        q,
        (limit, offset) =>
          db
            .select({
              id: catalogues.id,
              catalogName: catalogues.catalogName,
              orgCode: catalogues.orgCode,
              departName: departs.departName,
              openType: catalogues.openType,
              shelfStatus: catalogues.shelfStatus,
              callNum: catalogues.callNum,
              mount: catalogues.mount,
            })
            .from(catalogues)
            .leftJoin(departs, eq(departs.orgCode, catalogues.orgCode))
            .where(where)
            .orderBy(desc(catalogues.updatedAt), desc(catalogues.id))
            .limit(limit)
            .offset(offset),
        async () => (await db.select({ n: count() }).from(catalogues).where(where))[0].n,
      );
      return {
        ...page,
        records: page.records.map((r) => {
          const api = interfaceOf(r.mount);
          return {
            id: r.id,
            catalogName: r.catalogName,
            orgCode: r.orgCode,
            departName: r.departName ?? r.orgCode,
            openType: r.openType,
            shelfStatus: r.shelfStatus,
            isMount: api?.mounted ? '1' : '2',
            state: !api?.lastCheck ? '0' : api.lastCheck.ok ? '1' : '2',
            lastCheck: api?.lastCheck ?? null,
            mountedAt: api?.mountedAt ?? null,
            callNum: Number(r.callNum),
            api: api ? describeInterface(api) : null,
          };
        }),
      };
    },

    /** 转接口挂载's list: the interfaces mounted in the caller's scope, to start a new mount from one. */
    async list(db: Db, actor: Actor, q: PageQuery & { apiName?: string }): Promise<Page<InterfaceListItem>> {
      const where: SQL | undefined = and(
        scopeFilter(actor),
        eq(catalogues.dataFormat, 'api'),
        sql`${catalogues.shelfStatus} <> 9`,
        sql`coalesce((${catalogues.mount}->>'mounted')::boolean, false)`,
        q.apiName ? sql`${catalogues.mount}->>'apiName' ilike ${containing(q.apiName)}` : undefined,
      );
      const page = await paginate(
        q,
        (limit, offset) =>
          db
            .select({ id: catalogues.id, catalogName: catalogues.catalogName, mount: catalogues.mount })
            .from(catalogues)
            .where(where)
            .orderBy(sql`${catalogues.mount}->>'mountedAt' desc`, desc(catalogues.id))
            .limit(limit)
            .offset(offset),
        async () => (await db.select({ n: count() }).from(catalogues).where(where))[0].n,
      );
      return {
        ...page,
        records: page.records.flatMap((r) => {
          const api = interfaceOf(r.mount);
          if (!api) return [];
          return [
            {
              catalogId: r.id,
              catalogName: r.catalogName,
              apiId: api.apiId,
              apiName: api.apiName,
              requestMode: api.requestMode,
              apiPath: gatewayPath(api.apiId),
              upstreamUrl: describeUpstream(api.upstream),
              updateTime: api.mountedAt,
              createBy: api.mountedBy,
            },
          ];
        }),
      };
    },
  };
}
