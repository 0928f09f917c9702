import { type BatchResult, defineMachine } from '@odp/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button, ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubAntdDom } from '@/test/render';
import { defineWorkflow, type TransitionInput, type Workflow } from './types';
import { useTransitions } from './useTransitions';
import { WorkflowButtons } from './WorkflowButtons';

// The session belongs to the shell; the buttons only ask this hook.
const granted = new Set<string>();
vi.mock('@/components/ResourcePage/permission', () => ({
  useCan: () => (code?: string) => code === undefined || granted.has(code),
}));

beforeAll(stubAntdDom);
beforeEach(() => {
  granted.clear();
  granted.add('door:lock');
});
afterEach(cleanup);

/** A cap on waiting, not a pause: on a loaded machine antd renders slowly. */
const patient = { timeout: 10_000 };

/** A machine of no record of the project: the components know nothing but what it declares. */
const DOOR = defineMachine({
  subject: 'door',
  label: '门',
  axes: { lock: { label: '门锁', states: { '0': '开着', '1': '锁着' } } },
  transitions: [
    { action: 'lock', label: '上锁', axis: 'lock', from: ['0'], to: '1', permission: 'door:lock' },
    {
      action: 'unlock',
      label: '开锁',
      axis: 'lock',
      from: ['1'],
      to: '0',
      permission: 'door:lock',
      commentRequired: true,
      commentMissing: '请写明开锁理由',
    },
    { action: 'seal', label: '封门', axis: 'lock', from: ['0', '1'], to: '1', permission: 'door:seal', danger: true },
  ],
});

type Door = { id: string; name: string; lock: string; actions?: string[] };
type DoorAction = 'lock' | 'unlock' | 'seal';

const north: Door = { id: 'd1', name: '北门', lock: '1' };
const south: Door = { id: 'd2', name: '南门', lock: '0' };

function doorWorkflow(run: Workflow<Door, DoorAction>['run'], confirm?: 'popconfirm') {
  return defineWorkflow<Door, DoorAction>({
    machine: DOOR,
    idOf: (door) => door.id,
    nameOf: (door) => door.name,
    actionsOf: (door) => door.actions,
    stateOf: (door) => ({ lock: door.lock }),
    run,
    silent: true,
    invalidates: [['doors']],
    confirm,
  });
}

const render = (ui: ReactElement) =>
  renderWithProviders(<ConfigProvider theme={{ token: { motion: false } }}>{ui}</ConfigProvider>);

// Text and selector queries: role queries walk antd's whole tree and are slow in jsdom.
const buttonNames = () => [...document.querySelectorAll('button')].map((b) => b.textContent?.replace(/\s/g, ''));
const button = (label: RegExp | string) => screen.getByText(label).closest('button') as HTMLElement;
const okButton = () => button(/^确\s?定$/);
const dialogOf = async (question: string) =>
  (await screen.findByText(question, undefined, patient)).closest('.ant-modal') as HTMLElement;
const commentBox = (dialog: HTMLElement) => dialog.querySelector('textarea') as HTMLTextAreaElement;
/** antd repeats a confirmation's title for screen readers; this is the one shown. */
const confirmTitle = (text: string) => screen.findByText(text, { selector: '.ant-modal-confirm-title' }, patient);

describe('WorkflowButtons', { timeout: 30_000 }, () => {
  it('shows only the actions the record allows the user, danger ones in red', () => {
    const run = vi.fn();
    const { unmount } = render(<WorkflowButtons workflow={doorWorkflow(run)} item={north} />);
    // Locked: 开锁 but not 上锁; 封门 needs a permission the user lacks.
    expect(buttonNames()).toEqual(['开锁']);
    unmount();

    granted.add('door:seal');
    render(<WorkflowButtons workflow={doorWorkflow(run)} item={north} />);
    expect(buttonNames()).toEqual(['开锁', '封门']);
    expect(button(/^封\s?门$/).className).toContain('ant-btn-dangerous');
    expect(button(/^开\s?锁$/).className).not.toContain('ant-btn-dangerous');
    expect(run).not.toHaveBeenCalled();
  });

  it('follows the actions the server sent, narrowed to what the page offers', () => {
    const workflow = doorWorkflow(vi.fn());
    const sent = { ...south, actions: ['lock', 'seal', 'unknown'] };
    const { unmount } = render(<WorkflowButtons workflow={workflow} item={sent} />);
    expect(buttonNames()).toEqual(['上锁', '封门']);
    unmount();
    render(<WorkflowButtons workflow={workflow} item={sent} offers={['lock']} />);
    expect(buttonNames()).toEqual(['上锁']);
  });

  it('refuses to go on without the comment the transition requires, and sends nothing', async () => {
    const run = vi.fn();
    render(<WorkflowButtons workflow={doorWorkflow(run)} item={north} />);
    fireEvent.click(button(/^开\s?锁$/));
    const dialog = await dialogOf('确定对门「北门」开锁吗？');
    fireEvent.click(okButton());
    expect(await within(dialog).findByText('请写明开锁理由', undefined, patient)).toBeTruthy();
    expect(run).not.toHaveBeenCalled();
  });

  it('sends the comment and tells the one refusal of a 400 answer', async () => {
    const refusal = { succeeded: [], refused: [{ id: 'd1', reason: '门禁系统离线' }] };
    const run = vi.fn((_action: DoorAction, _ids: string[], _input: TransitionInput) =>
      Promise.reject(Object.assign(new Error('门禁系统离线'), { name: 'ApiError', result: refusal })),
    );
    render(<WorkflowButtons workflow={doorWorkflow(run)} item={north} />);
    fireEvent.click(button(/^开\s?锁$/));
    fireEvent.change(commentBox(await dialogOf('确定对门「北门」开锁吗？')), { target: { value: '  钥匙丢了  ' } });
    fireEvent.click(okButton());
    expect(await confirmTitle('开锁失败')).toBeTruthy();
    expect(screen.getByText('门禁系统离线')).toBeTruthy();
    expect(run).toHaveBeenCalledWith('unlock', ['d1'], { comment: '钥匙丢了' });
  });

  it('asks in place when the workflow says so, unless the transition needs a comment', async () => {
    const run = vi.fn(async () => null);
    const onDone = vi.fn();
    render(
      <>
        <WorkflowButtons workflow={doorWorkflow(run, 'popconfirm')} item={south} variant="link" onDone={onDone} />
        <WorkflowButtons workflow={doorWorkflow(run, 'popconfirm')} item={north} variant="link" />
      </>,
    );
    fireEvent.click(screen.getByText('上锁'));
    expect(await screen.findByText('确定对门「南门」上锁吗？', undefined, patient)).toBeTruthy();
    fireEvent.click(okButton());
    expect(await screen.findByText('上锁成功', undefined, patient)).toBeTruthy();
    expect(run).toHaveBeenCalledWith('lock', ['d2'], {});
    expect(onDone).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByText('开锁'));
    expect(commentBox(await dialogOf('确定对门「北门」开锁吗？'))).toBeTruthy();
  });
});

function BatchBar({
  workflow,
  doors,
  done,
}: {
  workflow: Workflow<Door, DoorAction>;
  doors: Door[];
  done: () => void;
}) {
  const { batchActions, element } = useTransitions(workflow);
  return (
    <>
      {batchActions(['unlock', 'seal']).map((action) => (
        <Button key={action.key} danger={action.danger} onClick={() => action.open(doors, async () => done())}>
          {action.label}
        </Button>
      ))}
      {element}
    </>
  );
}

describe('useTransitions in batch', { timeout: 30_000 }, () => {
  it('offers the batch actions the user holds, sends the comment and shows each refusal by name', async () => {
    const result: BatchResult = { succeeded: ['d1'], refused: [{ id: 'd2', reason: '当前状态为“开着”，不能开锁' }] };
    const run = vi.fn(async (_action: DoorAction, _ids: string[], _input: TransitionInput) => result);
    const done = vi.fn();
    render(<BatchBar workflow={doorWorkflow(run)} doors={[north, south]} done={done} />);
    expect(buttonNames()).toEqual(['批量开锁']);

    fireEvent.click(button('批量开锁'));
    const dialog = await dialogOf('确定对选中的 2 条门开锁吗？不符合条件的门将被跳过并说明原因。');
    fireEvent.change(commentBox(dialog), { target: { value: '钥匙丢了' } });
    fireEvent.click(okButton());

    expect(await confirmTitle('开锁结果')).toBeTruthy();
    expect(run).toHaveBeenCalledWith('unlock', ['d1', 'd2'], { comment: '钥匙丢了' });
    expect(screen.getByText('成功 1 条，未执行 1 条')).toBeTruthy();
    const refusedRow = screen.getByText('南门').closest('tr');
    expect(refusedRow && within(refusedRow).getByText('当前状态为“开着”，不能开锁')).toBeTruthy();
    expect(within(screen.getByText('北门').closest('tr') as HTMLElement).getByText('成功')).toBeTruthy();
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1), patient);
  });
});
