import type {
  Page,
  WorkflowConfigVersion,
  WorkflowMachineDetail,
  WorkflowMachineItem,
  WorkflowVersionItem,
} from '@odp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logs, workflowConfigs } from '../../db/schema/index.js';
import { signedIn } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let adminToken: string;
let reviewerToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await signedIn(ctx, { roles: ['admin'] })).token;
  reviewerToken = (await signedIn(ctx, { roles: ['reviewer'] })).token;
});
afterAll(() => ctx.close());

const save = (body: unknown, token = adminToken) =>
  call<{ version: number }>(ctx, 'POST', '/api/workflowDesign/save', { token, body });

describe('流程设计', () => {
  it('lists every machine the modules register, with its steps and the code’s defaults', async () => {
    const res = await call<WorkflowMachineItem[]>(ctx, 'GET', '/api/workflowDesign/list', { token: adminToken });
    expect(res.status).toBe(200);
    const subjects = res.body.result.map((m) => m.subject);
    for (const s of ['catalogue', 'share', 'openApply', 'announcement', 'achievement', 'content']) {
      expect(subjects).toContain(s);
    }
    const detail = await call<WorkflowMachineDetail>(ctx, 'GET', '/api/workflowDesign/detail', {
      token: adminToken,
      query: { subject: 'share' },
    });
    expect(detail.status).toBe(200);
    expect(detail.body.result.steps).toEqual([
      expect.objectContaining({ type: 'source', label: '数源部门审核', codeDueDays: 5, skippable: false }),
      expect.objectContaining({ type: 'bureau', label: '大数据局审核', codeDueDays: 5, skippable: true }),
    ]);
    expect(detail.body.result.machine.classes?.label).toBe('共享类型');
    expect(detail.body.result.current).toBeNull();
  });

  it('saves each change as a new version, logged, listed newest first, each readable later', async () => {
    const first = await save({
      subject: 'share',
      steps: { source: { dueDays: 3 }, bureau: { skipClasses: ['10'], assignee: { kind: 'role', role: 'reviewer' } } },
      comment: '无条件共享免局审',
    });
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.result.version).toBe(1);
    expect(first.body.message).toBe('已保存为版本 1，对之后发起的流程生效');
    const second = await save({ subject: 'share', steps: { source: { dueDays: 4 }, bureau: {} }, comment: '放宽时限' });
    expect(second.body.result.version).toBe(2);

    const list = await call<Page<WorkflowVersionItem>>(ctx, 'GET', '/api/workflowDesign/versions', {
      token: adminToken,
      query: { subject: 'share', pageNo: '1', pageSize: '10' },
    });
    expect(list.body.result.total).toBe(2);
    expect(list.body.result.records.map((v) => [v.version, v.comment])).toEqual([
      [2, '放宽时限'],
      [1, '无条件共享免局审'],
    ]);
    const old = await call<WorkflowConfigVersion>(ctx, 'GET', '/api/workflowDesign/version', {
      token: adminToken,
      query: { subject: 'share', version: '1' },
    });
    expect(old.body.result.settings.steps).toEqual({
      source: { dueDays: 3 },
      bureau: { assignee: { kind: 'role', role: 'reviewer' }, skipClasses: ['10'] },
    });
    // Empty steps are not kept.
    const current = await call<WorkflowConfigVersion>(ctx, 'GET', '/api/workflowDesign/version', {
      token: adminToken,
      query: { subject: 'share', version: '2' },
    });
    expect(current.body.result.settings.steps).toEqual({ source: { dueDays: 4 } });

    const logged = await ctx.db.select().from(logs).where(eq(logs.operateType, 'workflow:config'));
    expect(logged.map((l) => l.logContent).sort()).toEqual([
      '保存流程配置：共享申请 版本 1（无条件共享免局审）',
      '保存流程配置：共享申请 版本 2（放宽时限）',
    ]);
    const missing = await call(ctx, 'GET', '/api/workflowDesign/version', {
      token: adminToken,
      query: { subject: 'share', version: '9' },
    });
    expect([missing.status, missing.body.message]).toEqual([404, '流程配置版本不存在']);
  });

  it('is for administrators only', async () => {
    expect((await call(ctx, 'GET', '/api/workflowDesign/list', { token: reviewerToken })).status).toBe(403);
    expect((await call(ctx, 'GET', '/api/workflowDesign/list')).status).toBe(401);
    const refused = await save(
      { subject: 'catalogue', steps: { catalog: { dueDays: 2 } }, comment: '越权' },
      reviewerToken,
    );
    expect(refused.status).toBe(403);
    expect(await ctx.db.select().from(workflowConfigs).where(eq(workflowConfigs.subjectType, 'catalogue'))).toEqual([]);
  });

  it('refuses bad input with a Chinese 400 and writes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ subject: 'catalogue', steps: { catalog: { dueDays: 0 } }, comment: '零天' }, '办理时限须为 1 至 365 个工作日'],
      [{ subject: 'catalogue', steps: { catalog: { dueDays: 2.5 } }, comment: '小数' }, '办理时限须为整数'],
      [
        { subject: 'catalogue', steps: { catalog: { remindBeforeHours: 500 } }, comment: '太早' },
        '提醒提前量须为 1 至 168 小时',
      ],
      [{ subject: 'catalogue', steps: { catalog: { dueDays: 2 } }, comment: ' ' }, '请填写修改说明'],
      [{ subject: 'nothing', steps: {}, comment: '无此流程' }, '流程不存在'],
      [{ subject: 'catalogue', steps: { nothing: { dueDays: 2 } }, comment: '无此环节' }, '环节“nothing”不存在'],
      [
        { subject: 'catalogue', steps: { catalog: { assignee: { kind: 'role', role: 'no_such' } } }, comment: '角色' },
        '角色“no_such”不存在',
      ],
      [
        {
          subject: 'catalogue',
          steps: { catalog: { assignee: { kind: 'department', orgCode: 'NOPE' } } },
          comment: '部门',
        },
        '部门“NOPE”不存在',
      ],
      [
        { subject: 'catalogue', steps: { catalog: { assignee: { kind: 'user', id: 'x' } } }, comment: '类型' },
        '办理人类型只能是数源部门、角色或指定部门',
      ],
      [
        { subject: 'share', steps: { source: { skipClasses: ['10'] } }, comment: '数源' },
        '环节“数源部门审核”不能按分类跳过',
      ],
      [{ subject: 'share', steps: { bureau: { skipClasses: ['99'] } }, comment: '分类' }, '分类“99”不存在'],
    ];
    for (const [body, message] of cases) {
      const res = await save(body);
      // Schema refusals name the field after the message: 办理时限…（字段 steps.catalog.dueDays）.
      expect([res.status, res.body.message.split('（字段')[0]], JSON.stringify(body)).toEqual([400, message]);
    }
    expect(await ctx.db.select().from(workflowConfigs).where(eq(workflowConfigs.subjectType, 'catalogue'))).toEqual([]);
  });
});
