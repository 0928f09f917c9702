import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type BatchResult,
  type ContentFile,
  type ContentItem,
  ContentPerm,
  type HomeInformation,
  type Page,
  type PublicContentDetail,
  type PublicContentItem,
  type PublicFaq,
  type SearchHitPage,
  type SiteSearchResult,
} from '@odp/contracts';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements, contentFiles, contentItems, workflowHistory } from '../../db/schema/index.js';
import { actorFor, createUser, signedIn, signedInWith } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { jobContextOf } from '../../test/jobs.js';
import { chinesePdf } from './pdf.js';
import { publishScheduledContent } from './schedule.js';
import { createFaqDraft } from './service.js';

let ctx: TestContext;
const dataDir = mkdtempSync(path.join(tmpdir(), 'odp-content-'));
let editor: string;
let publisher: string;
let onlyEditor: string;
let citizen: string;
let reviewerRole: string;

const ALL = [ContentPerm.list, ContentPerm.edit, ContentPerm.publish, ContentPerm.delete];

async function upload(token: string, purpose: string, fileName: string, bytes: Buffer) {
  const boundary = '----odp-content';
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${ctx.base}/api/content/upload?purpose=${purpose}`,
    headers: { 'x-access-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  return { status: res.statusCode, body: res.json() as { message: string; result: ContentFile } };
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#1677ff' } })
    .png()
    .toBuffer();
const pdf = () => chinesePdf('数据规范', [{ kind: 'h1', text: '公共数据开放数据规范' }]);

const news = (overrides: Record<string, unknown> = {}) => ({
  informationName: '滨江市公共数据开放平台上线运行',
  informationType: '1',
  msgContent: '<p>平台今日正式上线。</p>',
  ...overrides,
});

const saveNews = (token: string, body: unknown) =>
  call<{ id: string }>(ctx, 'POST', '/api/information/save', { token, body });
const act = (token: string, kind: string, body: Record<string, unknown>) =>
  call<BatchResult>(ctx, 'POST', `/api/${kind}/transition`, { token, body });
const publicNews = (query: Record<string, string> = {}, token?: string) =>
  call<Page<PublicContentItem>>(ctx, 'GET', '/api/information/public/page', { query, token });
const detail = (id: string, token?: string) =>
  call<PublicContentDetail>(ctx, 'GET', '/api/information/public/detail', { query: { id }, token });
const rowOf = async (id: string) => (await ctx.db.select().from(contentItems).where(eq(contentItems.id, id)))[0];
const itemCount = async () => (await ctx.db.select({ n: count() }).from(contentItems))[0].n;

beforeAll(async () => {
  ctx = await createTestApp({ dataDir });
  editor = (await signedInWith(ctx, ALL)).token;
  publisher = (await signedInWith(ctx, ALL)).token;
  onlyEditor = (await signedInWith(ctx, [ContentPerm.list, ContentPerm.edit])).token;
  citizen = (await signedIn(ctx, { roles: ['registered'] })).token;
  reviewerRole = (await signedIn(ctx, { roles: ['reviewer'] })).token;
});

afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('validation', () => {
  it('refuses bad forms with a Chinese 400 and writes nothing', async () => {
    const before = await itemCount();
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/information/save', news({ informationName: '' }), '请输入标题'],
      ['/api/information/save', news({ msgContent: '<p> </p>' }), '请输入正文内容'],
      ['/api/information/save', news({ informationType: '9' }), '请选择资讯类型'],
      ['/api/information/save', news({ release: 'schedule' }), '请选择预约发布时间'],
      [
        '/api/information/save',
        news({ release: 'schedule', appointTime: new Date(Date.now() - 60_000).toISOString() }),
        '预约发布时间须晚于当前时间',
      ],
      [
        '/api/information/save',
        news({ attachments: ['00000000-0000-4000-8000-000000000001'] }),
        '文件不存在或不是您上传的',
      ],
      ['/api/studyWorld/save', { dataName: '数据规范', dataManagementType: '3' }, '请上传资料文件'],
      [
        '/api/commonQuestion/save',
        { question: '如何注册？', answer: '<p>见首页</p>', category: 'x' },
        '请选择问题分类',
      ],
    ];
    for (const [url, body, message] of cases) {
      const res = await call(ctx, 'POST', url, { token: editor, body });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await itemCount()).toBe(before);
  });

  it('keeps a visitor and a citizen out of the back office', async () => {
    expect((await saveNews(citizen, news())).status).toBe(403);
    expect((await call(ctx, 'POST', '/api/information/page', { body: {} })).status).toBe(401);
  });
});

describe('the publish machine', () => {
  it('moves 编辑中 → 已发布 → 已撤回 and back, by who may', async () => {
    const { id } = (await saveNews(editor, news({ informationName: '机器测试资讯' }))).body.result;
    expect((await rowOf(id)).status).toBe('1');
    expect((await publicNews({ keyword: '机器测试' })).body.result.total).toBe(0);

    // Editing is not publishing.
    const denied = await act(onlyEditor, 'information', { ids: [id], action: 'publish' });
    expect(denied.status).toBe(400);
    expect(denied.body.message).toBe('没有发布的权限');
    expect((await rowOf(id)).status).toBe('1');

    expect((await act(publisher, 'information', { ids: [id], action: 'publish' })).status).toBe(200);
    const published = await rowOf(id);
    expect(published.status).toBe('3');
    expect(published.releaseTime).not.toBeNull();
    expect((await publicNews({ keyword: '机器测试' })).body.result.records.map((r) => r.id)).toEqual([id]);

    // A published item is withdrawn before it is edited or deleted.
    const edit = await call(ctx, 'PUT', '/api/information/update', { token: editor, body: { ...news(), id } });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe('已发布的内容请先撤回再修改');
    expect((await act(publisher, 'information', { ids: [id], action: 'delete' })).body.message).toBe(
      '已发布的内容请先撤回再删除',
    );
    // Withdrawing twice is refused from the state.
    expect((await act(publisher, 'information', { ids: [id], action: 'withdraw' })).status).toBe(200);
    const again = await act(publisher, 'information', { ids: [id], action: 'withdraw' });
    expect(again.status).toBe(400);
    expect(again.body.message).toContain('已撤回');
    expect((await publicNews({ keyword: '机器测试' })).body.result.total).toBe(0);
    expect((await detail(id)).status).toBe(404);

    const history = await ctx.db
      .select({ action: workflowHistory.action })
      .from(workflowHistory)
      .where(eq(workflowHistory.subjectId, id));
    expect(history.map((h) => h.action)).toEqual(['create', 'publish', 'withdraw']);
  });

  it('refuses an action on another kind’s item as missing', async () => {
    const { id } = (await saveNews(editor, news())).body.result;
    const res = await act(publisher, 'commonQuestion', { ids: [id], action: 'publish' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('内容不存在或已删除');
    expect((await rowOf(id)).status).toBe('1');
  });

  it('pins and unpins: pinned items come first in public lists', async () => {
    const a = (await saveNews(editor, news({ informationName: '置顶测试甲', release: 'publish' }))).body.result.id;
    const b = (await saveNews(editor, news({ informationName: '置顶测试乙', release: 'publish' }))).body.result.id;
    expect((await publicNews({ keyword: '置顶测试' })).body.result.records.map((r) => r.id)).toEqual([b, a]);
    await act(editor, 'information', { ids: [a], action: 'pin' });
    expect((await publicNews({ keyword: '置顶测试' })).body.result.records.map((r) => r.id)).toEqual([a, b]);
    await act(editor, 'information', { ids: [a], action: 'unpin' });
    expect((await rowOf(a)).isTop).toBe(false);
  });
});

describe('scheduled publication', () => {
  it('publishes at the appointed time by the job, not before', async () => {
    const at = new Date(Date.now() + 3_600_000);
    const res = await saveNews(
      editor,
      news({ informationName: '预约发布测试', release: 'schedule', appointTime: at.toISOString() }),
    );
    expect(res.body.message).toBe('已预约发布');
    const id = res.body.result.id;
    expect((await rowOf(id)).status).toBe('2');

    // Ten minutes before: nothing.
    const early = await publishScheduledContent.run(jobContextOf(ctx, { now: new Date(at.getTime() - 600_000) }), {});
    expect(early).toContain('发布 0 条');
    expect((await rowOf(id)).status).toBe('2');
    expect((await publicNews({ keyword: '预约发布测试' })).body.result.total).toBe(0);

    await publishScheduledContent.run(jobContextOf(ctx, { now: new Date(at.getTime() + 30_000) }), {});
    const row = await rowOf(id);
    expect(row.status).toBe('3');
    expect(row.releaseTime?.getTime()).toBe(at.getTime() + 30_000);
    expect(row.appointTime).toBeNull();
    expect((await publicNews({ keyword: '预约发布测试' })).body.result.total).toBe(1);
    const history = await ctx.db
      .select({ action: workflowHistory.action, by: workflowHistory.username })
      .from(workflowHistory)
      .where(eq(workflowHistory.subjectId, id));
    expect(history.map((h) => h.action)).toEqual(['create', 'schedule', 'autoPublish']);
  });

  it('取消预约 takes it back to 编辑中 and the job leaves it', async () => {
    const at = new Date(Date.now() + 3_600_000);
    const { id } = (await saveNews(editor, news({ release: 'schedule', appointTime: at.toISOString() }))).body.result;
    expect((await act(publisher, 'information', { ids: [id], action: 'unschedule' })).status).toBe(200);
    await publishScheduledContent.run(jobContextOf(ctx, { now: new Date(at.getTime() + 60_000) }), {});
    expect((await rowOf(id)).status).toBe('1');
  });
});

describe('public reads', () => {
  it('counts a view on each detail and never shows drafts', async () => {
    const { id } = (await saveNews(editor, news({ informationName: '访问量测试', release: 'publish' }))).body.result;
    expect((await detail(id)).body.result.viewNum).toBe(1);
    expect((await detail(id)).body.result.viewNum).toBe(2);
    expect((await rowOf(id)).viewNum).toBe(2);

    const draft = (await saveNews(editor, news({ informationName: '草稿不可见' }))).body.result.id;
    expect((await detail(draft)).status).toBe(404);
    expect((await rowOf(draft)).viewNum).toBe(0);
    expect((await publicNews({ keyword: '草稿不可见' })).body.result.total).toBe(0);
  });

  it('sanitises rich text on save: scripts and handlers are gone', async () => {
    const { id } = (
      await saveNews(
        editor,
        news({
          informationName: '安全测试',
          msgContent: '<p onclick="alert(1)">正文<script>alert("x")</script><a href="javascript:alert(1)">链接</a></p>',
          release: 'publish',
        }),
      )
    ).body.result;
    const body = (await detail(id)).body.result.body;
    expect(body).toContain('正文');
    expect(body).not.toMatch(/script|onclick|javascript:/i);
  });

  it('stores pictures through the upload rules and serves them', async () => {
    const image = await upload(editor, 'image', 'chart.png', await png());
    expect(image.status).toBe(200);
    const filesBefore = (await ctx.db.select({ n: count() }).from(contentFiles))[0].n;
    const fake = await upload(editor, 'image', 'fake.png', Buffer.from('not a picture at all'));
    expect(fake.status).toBe(400);
    const pdfAsImage = await upload(editor, 'image', 'chart.pdf', pdf());
    expect(pdfAsImage.status).toBe(400);
    expect(pdfAsImage.body.message).toBe('只能插入图片！（JPG、PNG）');
    expect((await ctx.db.select({ n: count() }).from(contentFiles))[0].n).toBe(filesBefore);
    expect((await upload(citizen, 'image', 'chart.png', await png())).status).toBe(403);
    const { id } = (
      await saveNews(
        editor,
        news({ msgContent: `<p>图文</p><img src="${image.body.result.url}" alt="图表">`, release: 'publish' }),
      )
    ).body.result;
    expect((await detail(id)).body.result.body).toContain(image.body.result.url);
    const res = await ctx.app.inject({ method: 'GET', url: image.body.result.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('shows the home card with released public announcements only', async () => {
    const [pub] = await ctx.db
      .insert(announcements)
      .values({ titile: '公开公告', msgContent: '<p>内容</p>', sendStatus: '1', sendTime: new Date(), isPublic: true })
      .returning();
    await ctx.db
      .insert(announcements)
      .values({ titile: '内部公告', msgContent: '<p>内容</p>', sendStatus: '1', sendTime: new Date() });
    await ctx.db
      .insert(announcements)
      .values({ titile: '公开草稿', msgContent: '<p>内容</p>', sendStatus: '0', isPublic: true });
    const home = (await call<HomeInformation>(ctx, 'GET', '/api/information/public/home')).body.result;
    expect(home.notices.map((n) => n.title)).toEqual(['公开公告']);
    expect(home.news.length).toBeGreaterThan(0);
    expect(home.news.every((n) => n.type === '1')).toBe(true);
    const notice = await call<{ title: string }>(ctx, 'GET', '/api/information/public/notice', {
      query: { id: pub.id },
    });
    expect(notice.body.result.title).toBe('公开公告');
  });
});

describe('documents', () => {
  it('releases by role and serves the PDF with its type, inline for preview', async () => {
    const file = await upload(editor, 'document', '数据规范.pdf', pdf());
    expect(file.status).toBe(200);
    const wrongType = await upload(editor, 'document', 'x.png', await png());
    expect(wrongType.status).toBe(400);
    const staffOnly = await call<{ id: string }>(ctx, 'POST', '/api/studyWorld/save', {
      token: editor,
      body: {
        dataName: '内部数据规范',
        dataManagementType: '3',
        fileId: file.body.result.id,
        releaseScope: ['reviewer'],
        release: 'publish',
      },
    });
    expect(staffOnly.status).toBe(200);
    const id = staffOnly.body.result.id;
    const page = (token?: string) =>
      call<Page<PublicContentItem>>(ctx, 'GET', '/api/studyWorld/public/page', {
        query: { dataManagementType: '3', keyword: '内部数据规范' },
        token,
      });
    expect((await page()).body.result.total).toBe(0);
    expect((await page(citizen)).body.result.total).toBe(0);
    expect((await page(reviewerRole)).body.result.total).toBe(1);

    const fileOf = (token?: string, inline = false) =>
      ctx.app.inject({
        method: 'GET',
        url: `${ctx.base}/api/studyWorld/public/file?id=${id}${inline ? '&inline=1' : ''}`,
        headers: token ? { 'x-access-token': token } : {},
      });
    expect((await fileOf()).statusCode).toBe(404);
    expect((await fileOf(citizen)).statusCode).toBe(404);
    const download = await fileOf(reviewerRole);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(String((await fileOf(reviewerRole, true)).headers['content-disposition'])).toMatch(/^inline;/);
    // The file's own address follows the item too.
    const direct = await ctx.app.inject({ method: 'GET', url: file.body.result.url });
    expect(direct.statusCode).toBe(404);

    // Released to everyone: a visitor reads and downloads it.
    await call(ctx, 'POST', '/api/studyWorld/transition', {
      token: publisher,
      body: { ids: [id], action: 'withdraw' },
    });
    const edited = await call(ctx, 'PUT', '/api/studyWorld/update', {
      token: editor,
      body: {
        id,
        dataName: '内部数据规范',
        dataManagementType: '3',
        fileId: file.body.result.id,
        releaseScope: [],
        release: 'publish',
      },
    });
    expect(edited.status).toBe(200);
    expect((await page()).body.result.total).toBe(1);
    expect((await fileOf()).statusCode).toBe(200);
  });
});

describe('FAQ', () => {
  const faq = (question: string, sortNo: number, category = 'data') => ({
    question,
    answer: `<p>${question}的答案</p>`,
    category,
    sortNo,
  });

  it('lists 上架 entries by sort number; 下架 hides them', async () => {
    const ids: string[] = [];
    for (const [q, n] of [
      ['排序测试三', 3],
      ['排序测试一', 1],
      ['排序测试二', 2],
    ] as const) {
      const res = await call<{ id: string }>(ctx, 'POST', '/api/commonQuestion/save', {
        token: editor,
        body: { ...faq(q, n), release: 'publish' },
      });
      expect(res.body.message).toBe('发布成功');
      ids.push(res.body.result.id);
    }
    const list = async () =>
      (
        await call<PublicFaq[]>(ctx, 'GET', '/api/commonQuestion/public/list', { query: { keyword: '排序测试' } })
      ).body.result.map((f) => f.question);
    expect(await list()).toEqual(['排序测试一', '排序测试二', '排序测试三']);

    const off = await act(publisher, 'commonQuestion', { ids: [ids[1]], action: 'withdraw' });
    expect(off.status).toBe(200);
    expect(await list()).toEqual(['排序测试二', '排序测试三']);
    const byCategory = await call<PublicFaq[]>(ctx, 'GET', '/api/commonQuestion/public/list', {
      query: { category: 'api', keyword: '排序测试' },
    });
    expect(byCategory.body.result).toEqual([]);

    const admin = await call<Page<ContentItem>>(ctx, 'POST', '/api/commonQuestion/questionList', {
      token: editor,
      body: { question: '排序测试', releaseState: '4' },
    });
    expect(admin.body.result.records.map((r) => r.title)).toEqual(['排序测试一']);
  });

  it('creates a draft from a question and answer for the ticket desk', async () => {
    const user = await createUser(ctx.db, { roles: ['reviewer'] });
    const actor = actorFor(user, null, [ContentPerm.edit]);
    const { id } = await ctx.db.transaction((tx) =>
      createFaqDraft(tx, actor, {
        question: '数据纠错多久会有回复？',
        answer: '<p>一般 5 个工作日内答复。</p><script>x</script>',
        category: 'data',
      }),
    );
    const row = await rowOf(id);
    expect(row.kind).toBe('faq');
    expect(row.status).toBe('1');
    expect(row.body).toBe('<p>一般 5 个工作日内答复。</p>');
    const list = await call<PublicFaq[]>(ctx, 'GET', '/api/commonQuestion/public/list', {
      query: { keyword: '数据纠错多久' },
    });
    expect(list.body.result).toEqual([]);
  });
});

describe('site search', () => {
  const site = async (search: string, type: string) => {
    const res = await call<SiteSearchResult>(ctx, 'GET', '/api/search/site', { query: { search, type } });
    expect(res.status, res.body.message).toBe(200);
    return res.body.result;
  };

  it('finds published news, documents and FAQ under their tabs, marked; never drafts or withdrawn ones', async () => {
    const published = (await saveNews(editor, news({ informationName: '湿地公园开放数据上新', release: 'publish' })))
      .body.result.id;
    await saveNews(editor, news({ informationName: '湿地公园草稿稿件' }));
    const withdrawn = (await saveNews(editor, news({ informationName: '湿地公园撤回消息', release: 'publish' }))).body
      .result.id;
    await act(publisher, 'information', { ids: [withdrawn], action: 'withdraw' });

    const info = await site('湿地公园', 'information');
    expect(info.kind).toBe('hits');
    const hits = (info.page as SearchHitPage).records;
    expect(hits.map((h) => h.id)).toEqual([published]);
    expect(hits[0]).toMatchObject({
      href: `/openPlatform/JournalismDet?id=${published}`,
      highlight: { title: '<em>湿地公园</em>开放数据上新' },
      tag: '新闻动态',
    });
    expect(info.tabs.find((t) => t.type === 'information')?.total).toBe(1);

    // Documents: only those released to everyone; FAQ: only 上架 ones.
    const file = await upload(editor, 'document', '湿地规范.pdf', pdf());
    const doc = (body: Record<string, unknown>) =>
      call<{ id: string }>(ctx, 'POST', '/api/studyWorld/save', {
        token: editor,
        body: { dataManagementType: '3', fileId: file.body.result.id, release: 'publish', ...body },
      });
    const open = (await doc({ dataName: '湿地监测数据规范' })).body.result.id;
    const file2 = await upload(editor, 'document', '湿地内部.pdf', pdf());
    await call(ctx, 'POST', '/api/studyWorld/save', {
      token: editor,
      body: {
        dataName: '湿地监测内部规范',
        dataManagementType: '3',
        fileId: file2.body.result.id,
        releaseScope: ['reviewer'],
        release: 'publish',
      },
    });
    const docs = (await site('湿地监测', 'document')).page as SearchHitPage;
    expect(docs.records.map((h) => h.id)).toEqual([open]);
    expect(docs.records[0].href).toBe('/system/datastandard');

    const faq = async (question: string, release: string) =>
      (
        await call<{ id: string }>(ctx, 'POST', '/api/commonQuestion/save', {
          token: editor,
          body: { question, answer: '<p>湿地数据每日更新。</p>', category: 'data', release },
        })
      ).body.result.id;
    const listed = await faq('湿地数据多久更新？', 'publish');
    await faq('湿地数据草稿问题？', 'save');
    const faqs = (await site('湿地数据', 'faq')).page as SearchHitPage;
    expect(faqs.records.map((h) => h.id)).toEqual([listed]);
    expect(faqs.records[0].href).toContain('/helpCenter/problemManual');
  });
});
