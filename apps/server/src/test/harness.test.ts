import { readFileSync } from 'node:fs';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.js';
import { dictItems, dicts, roles } from '../db/schema/index.js';
import { DICTIONARIES } from '../db/seed/dictionaries.js';
import { ROLE_SEEDS } from '../db/seed/roles.js';
import { createTestApp, type TestContext } from './harness.js';

describe('createTestApp', () => {
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestApp(), createTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('starts from every migration of this checkout and the reference data', async () => {
    const journal = JSON.parse(readFileSync(new URL('../db/migrations/meta/_journal.json', import.meta.url), 'utf8'));
    const applied = await rowsOf<{ n: number }>(a.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(applied[0].n).toBe(journal.entries.length);
    const roleCodes = (await a.db.select({ code: roles.roleCode }).from(roles)).map((r) => r.code);
    expect(roleCodes.sort()).toEqual(ROLE_SEEDS.map((r) => r.roleCode).sort());
    expect((await a.db.select({ n: count() }).from(dicts))[0].n).toBe(DICTIONARIES.length);
  });

  it('gives each caller a database of its own', async () => {
    const [dict] = await a.db.select().from(dicts).limit(1);
    await a.db.delete(dictItems).where(eq(dictItems.dictId, dict.id));
    await a.db.delete(dicts).where(eq(dicts.id, dict.id));
    await b.db.insert(roles).values({ roleCode: 'only_in_b', roleName: 'only_in_b' });

    expect(await b.db.select().from(dicts).where(eq(dicts.id, dict.id))).toHaveLength(1);
    expect(await a.db.select().from(roles).where(eq(roles.roleCode, 'only_in_b'))).toHaveLength(0);
    // A copy made after those writes still starts from the untouched reference.
    const c = await createTestApp();
    try {
      expect(await c.db.select().from(dicts).where(eq(dicts.id, dict.id))).toHaveLength(1);
      expect(await c.db.select().from(roles).where(eq(roles.roleCode, 'only_in_b'))).toHaveLength(0);
    } finally {
      await c.close();
    }
  });
});
