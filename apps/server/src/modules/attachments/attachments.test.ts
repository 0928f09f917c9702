import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SharePerm } from '@odp/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, openApplies, shareApplies } from '../../db/schema/index.js';
import { createDepart, signedIn, signedInWith } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { createMarketEntry } from '../market/testing.js';
import { SAMPLE_FILES, uploadAttachment } from './testing.js';

let ctx: TestContext;
let alice: { token: string; id: string };
let bob: { token: string; id: string };
const dataDir = mkdtempSync(path.join(tmpdir(), 'odp-attachments-'));

beforeAll(async () => {
  ctx = await createTestApp({ dataDir });
  const a = await signedIn(ctx);
  const b = await signedIn(ctx);
  alice = { token: a.token, id: a.user.id };
  bob = { token: b.token, id: b.user.id };
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const countRows = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(attachments))[0].n;
/** Stored files under the data folder, temporary uploads included. */
function storedFiles(): string[] {
  const root = path.join(dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

async function download(token: string, id: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${ctx.base}/api/attachment/download?id=${id}`,
    headers: { 'x-access-token': token },
  });
  return res;
}

describe('upload', () => {
  it('needs a session', async () => {
    const res = await uploadAttachment(ctx, null, 'openApply.pledge', 'a.pdf', SAMPLE_FILES.pdf());
    expect(res.status).toBe(401);
  });

  it.each([
    ['承诺书.pdf', 'pdf'],
    ['申请表.doc', 'doc'],
    ['申请表.docx', 'docx'],
    ['扫描件.JPG', 'jpg'],
    ['扫描件.jpeg', 'jpg'],
    ['扫描件.png', 'png'],
  ] as const)('keeps %s under a name of the server’s', async (fileName, kind) => {
    const bytes = await SAMPLE_FILES[kind]();
    const res = await uploadAttachment(ctx, alice.token, 'openApply.application', fileName, bytes);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ fileName, size: bytes.length });
    const [row] = await ctx.db.select().from(attachments).where(eq(attachments.id, res.body.result.id));
    expect(row).toMatchObject({ purpose: 'openApply.application', uploadedBy: alice.id });
    expect(row.storedName).not.toContain(fileName);
    expect(row.storedName).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}\.(pdf|docx|bin)$/);
    const back = await download(alice.token, row.id);
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(bytes)).toBe(true);
    expect(back.headers['content-disposition']).toContain("filename*=UTF-8''");
    expect(back.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a type by its content, not its name, and keeps nothing', async () => {
    const before = await countRows();
    const files = storedFiles().length;
    const png = await SAMPLE_FILES.png();
    const cases: [string, Buffer, string][] = [
      ['伪装.pdf', png, '内容与扩展名不符'],
      ['伪装.png', Buffer.from('just some text, not an image'), '内容与扩展名不符'],
      ['伪装.jpg', png, '内容与扩展名不符'],
      ['伪装.docx', SAMPLE_FILES.pdf(), '内容与扩展名不符'],
      ['伪装.doc', SAMPLE_FILES.docx(), '内容与扩展名不符'],
      ['程序.exe', Buffer.from('MZ\u0090\u0000'), '仅支持上传 PDF、DOC、DOCX、JPG、PNG'],
      ['无扩展名', SAMPLE_FILES.pdf(), '仅支持上传 PDF、DOC、DOCX、JPG、PNG'],
      ['空.pdf', Buffer.alloc(0), '附件为空'],
    ];
    for (const [name, bytes, message] of cases) {
      const res = await uploadAttachment(ctx, alice.token, 'openApply.pledge', name, bytes);
      expect(res.status, name).toBe(400);
      expect(res.body.message, name).toContain(message);
    }
    expect(await countRows()).toBe(before);
    expect(storedFiles()).toHaveLength(files);
  });

  it('refuses an unknown purpose and a file over 10 MB', async () => {
    const before = await countRows();
    const odd = await uploadAttachment(ctx, alice.token, 'catalogue.data', 'a.pdf', SAMPLE_FILES.pdf());
    expect(odd.status).toBe(400);
    expect(odd.body.message).toContain('附件用途不正确');
    const big = Buffer.concat([SAMPLE_FILES.pdf(), Buffer.alloc(10 * 1024 * 1024)]);
    const large = await uploadAttachment(ctx, alice.token, 'openApply.pledge', 'big.pdf', big);
    expect(large.status).toBe(413);
    expect(large.body.message).toBe('附件不能超过 10 MB');
    expect(await countRows()).toBe(before);
    expect(storedFiles().filter((f) => f.includes('.tmp'))).toHaveLength(0);
  });
});

describe('download', () => {
  let provider: { id: string; orgCode: string };
  let other: { id: string; orgCode: string };
  let applyOrg: { id: string; orgCode: string };

  beforeAll(async () => {
    provider = await createDepart(ctx.db);
    other = await createDepart(ctx.db);
    applyOrg = await createDepart(ctx.db);
  });

  it('is for the uploader only until an application names the file', async () => {
    const up = await uploadAttachment(ctx, alice.token, 'openApply.pledge', 'p.pdf', SAMPLE_FILES.pdf());
    const id = up.body.result.id;
    expect((await download(alice.token, id)).statusCode).toBe(200);
    const theirs = await download(bob.token, id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('附件不存在');
    const reviewer = await signedIn(ctx, { roles: ['reviewer'] });
    expect((await download(reviewer.token, id)).statusCode).toBe(404);
    expect((await download(alice.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('lets the provider department and the reviewers read an open application’s files, nobody else', async () => {
    const entry = await createMarketEntry(ctx.db, provider.orgCode, { openType: '2' });
    const form = (await uploadAttachment(ctx, alice.token, 'openApply.application', 'f.pdf', SAMPLE_FILES.pdf())).body
      .result.id;
    const pledge = (await uploadAttachment(ctx, alice.token, 'openApply.pledge', 'p.pdf', SAMPLE_FILES.pdf())).body
      .result.id;
    await ctx.db.insert(openApplies).values({
      code: `KFTEST${Date.now()}`,
      catalogId: entry.id,
      providerOrgCode: provider.orgCode,
      applicantId: alice.id,
      purpose: '研究',
      scenario: '研究',
      fields: ['名称'],
      startDate: '2030-01-01',
      endDate: '2030-06-30',
      securityMeasures: '加密存储',
      applicationFileId: form,
      pledgeFileId: pledge,
      agreementVersion: '2026.1',
      agreementAcceptedAt: new Date(),
      status: '1',
    });
    const officer = await signedIn(ctx, { roles: ['dept_admin'], departs: [provider] });
    const stranger = await signedIn(ctx, { roles: ['dept_admin'], departs: [other] });
    const reviewer = await signedIn(ctx, { roles: ['reviewer'] });
    const noPerm = await signedInWith(ctx, [], { departs: [provider] });
    for (const id of [form, pledge]) {
      expect((await download(officer.token, id)).statusCode).toBe(200);
      expect((await download(reviewer.token, id)).statusCode).toBe(200);
      expect((await download(stranger.token, id)).statusCode).toBe(404);
      expect((await download(noPerm.token, id)).statusCode).toBe(404);
      expect((await download(bob.token, id)).statusCode).toBe(404);
    }
  });

  it('lets both departments of a share application and the reviewers read its form', async () => {
    const applicant = await signedInWith(ctx, [SharePerm.apply], { departs: [applyOrg] });
    const entry = await createMarketEntry(ctx.db, provider.orgCode);
    const form = (
      await uploadAttachment(ctx, applicant.token, 'share.applyForm', '资源服务申请表.docx', SAMPLE_FILES.docx())
    ).body.result.id;
    await ctx.db.insert(shareApplies).values({
      processCode: `GXTEST${Date.now()}`,
      catalogId: entry.id,
      title: '测试共享',
      applyOrgCode: applyOrg.orgCode,
      sourceOrgCode: provider.orgCode,
      applicantId: applicant.user.id,
      applyRemark: '业务需要',
      applyFileId: form,
      items: [{ name: '名称' }],
    });
    const colleague = await signedInWith(ctx, [SharePerm.list], { departs: [applyOrg] });
    const source = await signedInWith(ctx, [SharePerm.sourceReview], { departs: [provider] });
    const bureau = await signedInWith(ctx, [SharePerm.bureauReview]);
    const stranger = await signedInWith(ctx, [SharePerm.list], { departs: [other] });
    for (const who of [colleague, source, bureau]) expect((await download(who.token, form)).statusCode).toBe(200);
    expect((await download(stranger.token, form)).statusCode).toBe(404);
    expect((await download(alice.token, form)).statusCode).toBe(404);
  });
});
