import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type AccountProfile,
  type CatalogueDetail,
  AccountMessages as M,
  type MarketDetail,
  OpenApplyMessages,
} from '@odp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues, users } from '../../db/schema/index.js';
import { entryInput } from '../../test/catalogue.js';
import { createDepart, signedIn } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { applyBody, conditionalEntry, uploadForms } from '../open-apply/testing.js';
import { newIdNumber } from './testing.js';

// Demos trust the checksum: a valid number makes the account 已认证.
const dataDir = mkdtempSync(path.join(tmpdir(), 'odp-verified-'));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ dataDir, config: { identityVerifier: 'checksum-trusted' } });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('实名认证 with IDENTITY_VERIFIER=checksum-trusted', () => {
  it('marks the account 已认证 and takes the verified name, once', async () => {
    const { user, token } = await signedIn(ctx, { roles: ['registered'] });
    const res = await call<AccountProfile>(ctx, 'POST', '/user/realName', {
      token,
      body: { name: '李实名', idNumber: newIdNumber() },
    });
    expect(res.body.message).toBe(M.verifiedOk);
    expect(res.body.result).toMatchObject({ realNameStatus: 1, idName: '李实名' });
    expect(res.body.result.verifiedAt).toBeTruthy();
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row.realname).toBe('李实名');
    const again = await call(ctx, 'POST', '/user/realName', { token, body: { name: '王某', idNumber: newIdNumber() } });
    expect(again.body.message).toBe(M.alreadyVerified);
  });
});

describe('open applications that need 已认证', () => {
  it('is a per-entry flag of 有条件开放 entries, saved by the form and shown on the portal', async () => {
    const depart = await createDepart(ctx.db);
    const { token } = await signedIn(ctx, { roles: ['dept_admin'], departs: [depart] });
    const saved = await call<CatalogueDetail>(ctx, 'POST', '/api/cataLog/save', {
      token,
      body: entryInput({ openType: '2', openCondition: '须实名申请', applyNeedsVerified: true }),
    });
    expect(saved.status).toBe(200);
    const got = await call<CatalogueDetail>(ctx, 'GET', '/api/cataLog/get', {
      token,
      query: { id: saved.body.result.id },
    });
    expect(got.body.result.applyNeedsVerified).toBe(true);

    const entry = await conditionalEntry(ctx.db, depart.orgCode);
    await ctx.db.update(catalogues).set({ applyNeedsVerified: true }).where(eq(catalogues.id, entry.id));
    const detail = await call<MarketDetail>(ctx, 'GET', '/api/resourceMarket/detail', { query: { id: entry.id } });
    expect(detail.body.result.applyNeedsVerified).toBe(true);
  });

  it('refuses an applicant who is not 已认证 with a Chinese 400, then takes the application once verified', async () => {
    const provider = await createDepart(ctx.db);
    const entry = await conditionalEntry(ctx.db, provider.orgCode);
    await ctx.db.update(catalogues).set({ applyNeedsVerified: true }).where(eq(catalogues.id, entry.id));
    const plain = await conditionalEntry(ctx.db, provider.orgCode);
    const { token } = await signedIn(ctx, { roles: ['registered'] });
    const files = await uploadForms(ctx, token);

    const refused = await call(ctx, 'POST', '/api/openApply/apply', { token, body: applyBody(entry.id, files) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(OpenApplyMessages.verifiedRequired);
    // An entry without the flag takes the same applicant.
    expect((await call(ctx, 'POST', '/api/openApply/apply', { token, body: applyBody(plain.id, files) })).status).toBe(
      200,
    );

    await call(ctx, 'POST', '/user/realName', { token, body: { name: '赵申请', idNumber: newIdNumber() } });
    const accepted = await call(ctx, 'POST', '/api/openApply/apply', { token, body: applyBody(entry.id, files) });
    expect(accepted.status).toBe(200);
  });
});
