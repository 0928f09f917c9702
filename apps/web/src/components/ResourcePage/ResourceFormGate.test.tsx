import { ProFormText } from '@ant-design/pro-components';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubAntdDom } from '@/test/render';
import { ResourcePage } from './ResourcePage';
import { defineResourceView } from './types';

vi.mock('./permission', () => ({ useCan: () => () => true }));

beforeAll(stubAntdDom);
afterEach(cleanup);

type Source = { id: string; host: string };

function setup(gateRun: (values: { host: string }) => Promise<string>) {
  const create = vi.fn(async (_input: { host: string }) => {});
  const view = defineResourceView<Source, { host: string }, Source, { host: string }>({
    title: '演示数据源',
    noun: '数据源',
    rowKey: 'id',
    queryKeys: { all: ['gate'], list: (params) => ['gate', 'list', params] },
    api: {
      list: async () => ({ records: [], total: 0, size: 10, current: 1, pages: 0 }),
      create,
    },
    columns: [{ title: '地址', dataIndex: 'host' }],
    form: {
      fields: () => (
        <ProFormText name="host" label="数据库地址" rules={[{ required: true, message: '请输入数据库地址' }]} />
      ),
      toValues: (s) => ({ host: s.host }),
      toCreate: (values) => values,
      toUpdate: (values, s) => ({ ...s, ...values }),
      gate: { label: '测试', run: gateRun },
    },
  });
  renderWithProviders(<ResourcePage view={view} />);
  return { create };
}

const okButton = () => screen.getByRole('button', { name: /确\s*定/ });

describe('a resource form with a gate (数据源的 测试)', { timeout: 30_000 }, () => {
  it('keeps 确定 disabled until the gate passes, and disables it again when a value changes', async () => {
    const run = vi.fn(async (values: { host: string }) => `测试成功（${values.host}）`);
    const { create } = setup(run);
    fireEvent.click(await screen.findByRole('button', { name: /新\s*增/ }, { timeout: 15_000 }));
    const host = await screen.findByLabelText('数据库地址');
    expect(okButton()).toHaveProperty('disabled', true);

    // An empty form is validated first; the gate is not asked.
    fireEvent.click(screen.getByRole('button', { name: /测\s*试/ }));
    expect(await screen.findByText('请输入数据库地址')).toBeTruthy();
    expect(run).not.toHaveBeenCalled();

    fireEvent.change(host, { target: { value: 'db.example.org' } });
    fireEvent.click(screen.getByRole('button', { name: /测\s*试/ }));
    await waitFor(() => expect(okButton()).toHaveProperty('disabled', false));
    expect(run).toHaveBeenCalledWith({ host: 'db.example.org' }, undefined);

    fireEvent.change(host, { target: { value: 'db2.example.org' } });
    await waitFor(() => expect(okButton()).toHaveProperty('disabled', true));

    fireEvent.click(screen.getByRole('button', { name: /测\s*试/ }));
    await waitFor(() => expect(okButton()).toHaveProperty('disabled', false));
    fireEvent.click(okButton());
    await waitFor(() => expect(create).toHaveBeenCalledWith({ host: 'db2.example.org' }));
  });

  it('leaves 确定 disabled when the gate fails', async () => {
    const run = vi.fn(async () => {
      throw new Error('连接被拒绝');
    });
    setup(run);
    fireEvent.click(await screen.findByRole('button', { name: /新\s*增/ }, { timeout: 15_000 }));
    fireEvent.change(await screen.findByLabelText('数据库地址'), { target: { value: '8.8.8.8' } });
    fireEvent.click(screen.getByRole('button', { name: /测\s*试/ }));
    await waitFor(() => expect(run).toHaveBeenCalled());
    expect(okButton()).toHaveProperty('disabled', true);
  });
});
