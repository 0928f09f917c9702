import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDepart, signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { DATABASE_REFUSALS } from './db-errors.js';

/**
 * Walks every route of the OpenAPI document with inputs built from its schema and with hostile ones,
 * as an anonymous visitor, a citizen and an administrator, and holds the server to two promises: no
 * answer is a 5xx, and a refused request (4xx) writes nothing. Bounded for CI: `RUNS` inputs per route
 * and caller; a failure prints fast-check's seed, and `FUZZ_SEED` replays it.
 */

/** Inputs per route and caller: 5 keeps CI near a minute on PGlite; `FUZZ_RUNS` walks deeper locally. */
const RUNS = Number(process.env.FUZZ_RUNS) || 5;
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
/** `FUZZ_ROUTES=<regex>` walks only the matching `METHOD /path` keys, to replay one failure quickly. */
const only = process.env.FUZZ_ROUTES ? new RegExp(process.env.FUZZ_ROUTES) : null;

type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  items?: Schema;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
};
type Parameter = { in: 'query' | 'path' | 'header'; name: string; required?: boolean; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Route = { method: string; path: string; op: Operation };

/** Routes a walk must not take: they stream forever, or run scheduled work that outlives the request. */
const SKIP = new Set(['GET /websocket', 'POST /sys/quartzJob/execute']);
/** Routes whose success can end the caller's session; the walk signs in again after them. */
const ENDS_SESSIONS = new Set(['POST /sys/logout', 'POST /sys/online/forceLogout', 'PUT /sys/user/frozenBatch']);
/**
 * Tables a refusal may write by design: a failed sign-in is logged and counted for the lockout
 * (spec §5), whatever the failure was.
 */
const WRITTEN_ON_REFUSAL: Record<string, string[]> = {
  'POST /sys/login': ['sys_log', 'sys_login_failure'],
};
/**
 * Metering of the open data API: every call, refused or not, is logged, and the log is written in
 * batches a second later, so its rows may appear while any other route is being checked.
 */
const METERING = ['open_call_log', 'open_call_daily', 'open_quota', 'open_nonce'];

const INT4 = 2 ** 31;
/** Values that have broken servers: NUL, sizes, traversal, injection, markup, odd unicode and numbers. */
const hostileString = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  'x'.repeat(5000),
  '中'.repeat(2000),
  '../../etc/passwd',
  '..\\..\\windows',
  "' or 1=1 --",
  "x'); drop table sys_user; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '𝕏🙂\u202e\ufeff',
  '\ud800',
  ' ',
  '',
  '%00',
  '%2e%2e%2f',
  '//evil.example/x',
  'javascript:alert(1)',
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '1e309',
  'NaN',
  '-0',
  '00000000-0000-0000-0000-000000000000',
  'true',
  'null',
  '[object Object]',
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(INT4, -INT4 - 1, 2 ** 53, 9.3e18, -1, 0, 1.5, 1e308, true, false, null, [], {}, ['\u0000'], {
    a: '\u0000',
  }),
);
/** Raw bodies a JSON parser must refuse or take as absent. */
const hostileBody = fc.constantFrom(
  '',
  ' ',
  '{',
  '{"a":',
  '[1,',
  'null',
  '"x"',
  '123',
  '{"__proto__":{"x":1}}',
  '\u0000',
);

/**
 * A value as a URL path segment. A lone surrogate (one of the hostile strings) has no UTF-8 form, so
 * encodeURIComponent refuses it; a hostile client sends its three bytes anyway (invalid UTF-8).
 */
function pathSegment(value: string): string {
  return value.replace(/[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]|[^\ud800-\udfff]+/g, (part) => {
    if (part.length > 1 || !/[\ud800-\udfff]/.test(part)) return encodeURIComponent(part);
    const u = part.charCodeAt(0);
    return [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f)]
      .map((b) => `%${b.toString(16).toUpperCase()}`)
      .join('');
  });
}

/** An arbitrary for values of a JSON schema as @fastify/swagger writes it, mixed with hostile ones. */
function anyValueOf(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: wellTyped(schema, depth) }, { weight: 1, arbitrary: hostileValue });
}

function wellTyped(schema: Schema | undefined, depth: number): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => wellTyped(s, depth + 1)));
  if (schema.allOf?.length) return wellTyped(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const base = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        if (schema.format === 'uuid') return fc.uuid();
        if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
        return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 40) });
      case 'integer':
        return fc.integer({
          min: Math.max(schema.minimum ?? -1000, -INT4),
          max: Math.min(schema.maximum ?? 1000, INT4),
        });
      case 'number':
        return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(anyValueOf(schema.items, depth + 1), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
      case 'object':
        return objectOf(schema, depth);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  })();
  return schema.nullable ? fc.option(base, { nil: null }) : base;
}

function objectOf(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const shape = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, anyValueOf(s, depth + 1)]));
  return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
}

/** One request for a route: path and query parameters from their schemas, and a body of any shape. */
function requestOf(route: Route): fc.Arbitrary<InjectOptions> {
  const params = route.op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const pathArb = fc.tuple(...pathParams.map((p) => anyValueOf(p.schema)));
  const queryArb = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, anyValueOf(p.schema)])), {
    requiredKeys: [],
  });
  const bodySchema = route.op.requestBody?.content?.['application/json']?.schema;
  const hasBody = route.method !== 'GET';
  const bodyArb: fc.Arbitrary<string | undefined> = hasBody
    ? fc.oneof(
        { weight: 3, arbitrary: anyValueOf(bodySchema).map((v) => JSON.stringify(v) ?? '') },
        { weight: 1, arbitrary: hostileBody },
      )
    : fc.constant(undefined);
  return fc.tuple(pathArb, queryArb, bodyArb).map(([pathValues, query, body]) => {
    let url = route.path;
    pathParams.forEach((p, i) => {
      url = url.replace(`{${p.name}}`, pathSegment(String(pathValues[i])));
    });
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) {
      for (const one of Array.isArray(v) ? v : [v])
        search.append(k, typeof one === 'object' ? JSON.stringify(one) : String(one));
    }
    const qs = search.toString();
    return {
      method: route.method as InjectOptions['method'],
      url: qs ? `${url}?${qs}` : url,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      payload: body,
    };
  });
}

let ctx: TestContext;
let countRows: () => Promise<Map<string, number>>;
const tokens: Record<'anonymous' | 'citizen' | 'admin', string | null> = {
  anonymous: null,
  citizen: null,
  admin: null,
};
let signIn: () => Promise<void>;
const startedAt = Date.now();
const tally = { routes: 0, requests: 0, ok: 0, refused: 0, other: 0 };
/** Routes whose input only the database refused: no 5xx, but a gap in their contract worth closing. */
const caughtByDatabase = new Set<string>();

beforeAll(async () => {
  ctx = await createTestApp();
  const rowsOf = async <T>(query: ReturnType<typeof sql.raw>) =>
    ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = (
    await rowsOf<{ name: string }>(
      sql.raw('select quote_ident(tablename) as name from pg_tables where schemaname = current_schema() order by 1'),
    )
  ).map((r) => r.name);
  // One statement for all exact counts: cheap on test-sized tables, and exact where statistics are not.
  const countAll = tables.map((t) => `select '${t}' as name, count(*)::int as n from ${t}`).join(' union all ');
  const recount = async () =>
    new Map((await rowsOf<{ name: string; n: number }>(sql.raw(countAll))).map((r) => [r.name, r.n]));
  // The next transaction id moves only when a transaction wrote or tried to (and reading it assigns
  // none): while it stands still the last counts still hold, so most refusals cost no count at all.
  const nextXid = async () =>
    (await rowsOf<{ x: string }>(sql.raw('select pg_snapshot_xmax(pg_current_snapshot())::text as x')))[0].x;
  let countedAt = '';
  let last = new Map<string, number>();
  countRows = async () => {
    const xid = await nextXid();
    if (xid !== countedAt) {
      last = await recount();
      countedAt = await nextXid();
    }
    return last;
  };
  const depart = await createDepart(ctx.db);
  signIn = async () => {
    tokens.citizen = (await signedIn(ctx, { roles: ['registered'] })).token;
    tokens.admin = (await signedIn(ctx, { roles: ['admin'], departs: [depart] })).token;
  };
  await signIn();
});
afterAll(async () => {
  console.info(
    `fuzz seed ${seed} in ${Math.round((Date.now() - startedAt) / 1000)} s: ${tally.routes} routes, ${tally.requests} requests, ${tally.ok} 2xx, ${tally.refused} 4xx, ${tally.other} other`,
  );
  for (const gap of caughtByDatabase) console.info(`refused only by the database: ${gap}`);
  await ctx?.close();
});

function routesOf(): Route[] {
  const doc = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const routes: Route[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      routes.push({ method: method.toUpperCase(), path, op });
    }
  }
  return routes;
}

/** The envelope's message, or '' for a body that is not one (a file, a page). */
const messageOf = (body: string) => {
  try {
    return String((JSON.parse(body) as { message?: unknown }).message ?? '');
  } catch {
    return '';
  }
};

const changedTables = (before: Map<string, number>, after: Map<string, number>) =>
  [...after].filter(([t, n]) => before.get(t) !== n).map(([t, n]) => `${t} ${before.get(t)}→${n}`);

describe('every route, any input', () => {
  it('never answers 5xx and writes nothing when it refuses', { timeout: 300_000 * Math.max(1, RUNS / 5) }, async () => {
    const keyOf = (r: Route) => `${r.method} ${r.path.slice(ctx.base.length)}`;
    const routes = routesOf().filter((r) => !SKIP.has(keyOf(r)) && (!only || only.test(keyOf(r))));
    expect(routes.length).toBeGreaterThan(only ? 0 : 100);
    // Counts after one request are the counts before the next, as long as nothing else writes between.
    let counts = await countRows();
    // Every route is walked even after one fails, so one run lists every broken route.
    const failures: string[] = [];
    for (const route of routes) {
      const key = keyOf(route);
      tally.routes++;
      for (const caller of ['anonymous', 'citizen', 'admin'] as const) {
        const result = await fc.check(
          fc.asyncProperty(requestOf(route), async (request) => {
            const token = tokens[caller];
            const before = counts;
            const res = await ctx.app.inject({
              ...request,
              headers: { ...request.headers, ...(token ? { 'x-access-token': token } : {}) },
            });
            tally.requests++;
            counts = await countRows();
            const sent = `${request.url} ${String(request.payload ?? '').slice(0, 600)}`;
            const what = `${caller} ${key} (${sent}) → ${res.statusCode} ${res.body.slice(0, 200)}`;
            expect(res.statusCode, what).toBeLessThan(500);
            if (res.statusCode >= 400) {
              tally.refused++;
              if (DATABASE_REFUSALS.has(messageOf(res.body))) caughtByDatabase.add(`${key} (${sent})`);
              const allowed = WRITTEN_ON_REFUSAL[key] ?? [];
              const changed = changedTables(before, counts).filter(
                (c) => !allowed.includes(c.split(' ')[0]) && !METERING.includes(c.split(' ')[0]),
              );
              expect(changed, what).toEqual([]);
            } else if (res.statusCode >= 200 && res.statusCode < 300) {
              tally.ok++;
              if (ENDS_SESSIONS.has(key)) {
                await signIn();
                counts = await countRows();
              }
            } else {
              tally.other++;
            }
          }),
          { numRuns: RUNS, seed, endOnFailure: true },
        );
        if (result.failed) {
          // Said at once as well, so a run cut short by its time limit still names what it found.
          console.error(`fuzz failure: ${String(result.errorInstance).split('\n')[0]}`);
          failures.push(
            `${String(result.errorInstance).split('\n')[0]} (seed ${result.seed}, path ${result.counterexamplePath})`,
          );
          counts = await countRows();
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
