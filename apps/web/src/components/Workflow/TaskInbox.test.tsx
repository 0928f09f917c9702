import { defineMachine, type Page } from '@odp/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubAntdDom } from '@/test/render';
import type { ListParams } from '../ResourcePage';
import { TaskInboxPage } from './TaskInbox';
import { defineTaskInbox, type InboxDecision, type TaskRow, type TaskStatusCode } from './types';

vi.mock('@/components/ResourcePage/permission', () => ({
  useCan: () => (code?: string) => code === undefined || code === 'doc:review',
}));

beforeAll(stubAntdDom);
afterEach(cleanup);

/** A cap on waiting, not a pause: on a loaded machine antd renders slowly. */
const patient = { timeout: 10_000 };

/** A machine of no record of the project: the inbox reads its task types, permission and comment rule. */
const DOCUMENT = defineMachine({
  subject: 'document',
  label: '文件',
  axes: { review: { label: '审核状态', states: { '0': '草稿', '1': '待审核', '2': '通过', '3': '退回' } } },
  tasks: { check: '资料审核' },
  transitions: [
    {
      action: 'submit',
      label: '提交',
      axis: 'review',
      from: ['0', '3'],
      to: '1',
      permission: 'doc:submit',
      task: { opens: 'check', assignee: { kind: 'role', role: 'reviewer' } },
    },
    {
      action: 'pass',
      label: '审核通过',
      axis: 'review',
      from: ['1'],
      to: '2',
      permission: 'doc:review',
      task: { closes: 'check', decision: 'approve' },
    },
    {
      action: 'return',
      label: '退回',
      axis: 'review',
      from: ['1'],
      to: '3',
      permission: 'doc:review',
      commentRequired: true,
      commentMissing: '请写明退回理由',
      task: { closes: 'check', decision: 'reject' },
    },
  ],
});

type DocTask = TaskRow & { docId: string; docName: string; taskType: string; note: string };

const task = (id: string, name: string, status: number, decided?: Partial<DocTask>): DocTask => ({
  id: `t${id}`,
  docId: `d${id}`,
  docName: name,
  taskType: 'check',
  typeLabel: '资料审核',
  status,
  launchDepartName: '交通运输局',
  submitter: '张三',
  submitTime: '2026-05-01T01:00:00.000Z',
  approvalTime: null,
  handler: null,
  decision: null,
  decisionLabel: null,
  comment: null,
  note: `${name}的说明`,
  ...decided,
});

const tasks = [
  task('1', '甲文件', 1),
  task('2', '乙文件', 1),
  task('3', '丙文件', 2, { decision: 'reject', decisionLabel: '驳回', comment: '缺少附件', handler: '李四' }),
];

function setup(answer: unknown) {
  const list = vi.fn(async (_params: ListParams, status: TaskStatusCode): Promise<Page<DocTask>> => {
    const records = tasks.filter((t) => t.status === status);
    return { records, total: records.length, size: 10, current: 1, pages: 1 };
  });
  const decide = vi.fn(async (_decision: InboxDecision, _ids: string[], _comment: string | undefined) => answer);
  const inbox = defineTaskInbox<DocTask>({
    title: '文件审核',
    noun: '工单',
    machine: DOCUMENT,
    queryKeys: { all: ['doc-tasks'], list: (params) => ['doc-tasks', 'list', params] },
    list,
    decide,
    subjectIdOf: (t) => t.docId,
    nameOf: (t) => t.docName,
    nameColumn: { title: '文件名称', dataIndex: 'docName' },
    typeField: 'taskType',
    requestOf: (t) => t.note,
    detail: (t) => <p>{`${t.docName}的正文`}</p>,
    invalidates: [['doc-tasks']],
    silent: true,
  });
  renderWithProviders(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <TaskInboxPage inbox={inbox} />
    </ConfigProvider>,
  );
  return { list, decide };
}

/** The first render of a ProTable in jsdom is slow on a busy machine; wait generously. */
const firstRow = () => screen.findByText('甲文件', { selector: 'a' }, { timeout: 15_000 });
const rowOf = (name: string) => screen.getByText(name, { selector: 'a' }).closest('tr') as HTMLElement;
const dialogOf = async (question: string) =>
  (await screen.findByText(question, undefined, patient)).closest('.ant-modal') as HTMLElement;
const click = (element: Element) =>
  act(async () => {
    fireEvent.click(element);
  });

describe('TaskInboxPage', { timeout: 60_000 }, () => {
  it('lists pending and done tasks with their counts and approves one', async () => {
    const { list, decide } = setup({ succeeded: ['d1'], refused: [] });
    await firstRow();
    expect(await screen.findByText('待处理（2）', undefined, patient)).toBeTruthy();
    expect(await screen.findByText('已处理（1）', undefined, patient)).toBeTruthy();
    expect(list).toHaveBeenCalledWith({ pageNo: 1, pageSize: 10 }, 1);
    expect(within(rowOf('甲文件')).getByText('甲文件的说明')).toBeTruthy();

    await click(within(rowOf('甲文件')).getByText('通过'));
    const dialog = await dialogOf('资料审核：甲文件');
    expect(within(dialog).getByText('审核通过')).toBeTruthy();
    await click(
      within(dialog)
        .getByText(/^通\s?过$/)
        .closest('button') as HTMLElement,
    );
    await waitFor(() => expect(decide).toHaveBeenCalledWith('approve', ['d1'], undefined), patient);
    expect(await screen.findByText('审核通过', { selector: '.ant-message-notice-content *' }, patient)).toBeTruthy();

    await click(screen.getByText('已处理（1）'));
    expect(await screen.findByText('缺少附件', undefined, patient)).toBeTruthy();
    expect(list).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10 }, 2);
    // Done tasks are only viewed.
    expect(within(rowOf('丙文件')).queryByText('通过')).toBeNull();
  });

  it('rejects a selection with the comment the machine requires and shows each refusal', async () => {
    const { decide } = setup({ succeeded: ['d1'], refused: [{ id: 'd2', reason: '当前状态为“通过”，不能退回' }] });
    await firstRow();
    for (const name of ['甲文件', '乙文件'])
      await click(rowOf(name).querySelector('input[type=checkbox]') as HTMLElement);
    await click(await screen.findByText('批量驳回', undefined, patient));
    const dialog = await dialogOf('已选择 2 条工单，将逐条驳回；不能处理的工单会说明原因。');
    const ok = within(dialog)
      .getByText(/^驳\s?回$/)
      .closest('button') as HTMLElement;

    await click(ok);
    expect(await within(dialog).findByText('请写明退回理由', undefined, patient)).toBeTruthy();
    expect(decide).not.toHaveBeenCalled();

    fireEvent.change(dialog.querySelector('textarea') as HTMLElement, { target: { value: '材料不全' } });
    await click(ok);
    await waitFor(() => expect(decide).toHaveBeenCalledWith('reject', ['d1', 'd2'], '材料不全'), patient);
    expect(await screen.findByText('批量驳回结果', { selector: '.ant-modal-confirm-title' }, patient)).toBeTruthy();
    const refused = (await screen.findByText('乙文件', { selector: '.ant-modal td' }, patient)).closest(
      'tr',
    ) as HTMLElement;
    expect(within(refused).getByText('当前状态为“通过”，不能退回')).toBeTruthy();
  });
});
