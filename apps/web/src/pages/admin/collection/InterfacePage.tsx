import { INTERFACE_STATE_LABEL, type InterfaceItem, InterfacePerm as P } from '@odp/contracts';
import { Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { cancelInterfaceMount, checkInterface, collectionKeys, listInterfaces } from '@/api/collection';
import { feedback } from '@/api/feedback';
import { InterfaceMountDialog } from '@/components/collection/InterfaceMountDialog';
import { defineResourceView, ResourcePage } from '@/components/ResourcePage';

/** 挂载 / 重新挂载 opens the form drawer; `done` refreshes the list. */
function MountLink({ entry, done }: { entry: InterfaceItem; done: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Typography.Link onClick={() => setOpen(true)}>{entry.isMount === '1' ? '重新挂载' : '挂载'}</Typography.Link>
      {open && <InterfaceMountDialog entry={entry} open onClose={() => setOpen(false)} onDone={done} />}
    </>
  );
}

/** 测试: one call of the upstream; what it said is shown and kept as the row's 接口状态. */
function CheckLink({ entry, done }: { entry: InterfaceItem; done: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Typography.Link
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const check = await checkInterface(entry.id);
          if (check.ok) feedback.message.success(`测试通过：${check.message}，耗时 ${check.latencyMs} ms`);
          else feedback.message.warning(`测试未通过：${check.message}`);
          await done();
        } catch {
          // The request client has shown the refusal.
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? '测试中…' : '测试'}
    </Typography.Link>
  );
}

const STATE_COLOR: Record<InterfaceItem['state'], string> = { '0': 'default', '1': 'success', '2': 'error' };

const view = defineResourceView<InterfaceItem>({
  title: '接口发布',
  noun: '接口目录',
  rowKey: 'id',
  queryKeys: collectionKeys.interfaces,
  api: { list: listInterfaces },
  columns: [
    { title: '数据目录', dataIndex: 'catalogName', searchable: true, width: 200, ellipsis: true, fixed: 'left' },
    {
      title: '接口名称',
      dataIndex: 'apiName',
      searchable: true,
      width: 180,
      ellipsis: true,
      render: (_d, r) => r.api?.apiName ?? '-',
    },
    {
      title: '挂载状态',
      dataIndex: 'isMount',
      searchable: true,
      width: 100,
      valueType: 'select',
      valueEnum: { '1': { text: '已挂载' }, '2': { text: '未挂载' } },
      render: (_d, r) => (
        <Tag color={r.isMount === '1' ? 'processing' : 'default'}>{r.isMount === '1' ? '已挂载' : '未挂载'}</Tag>
      ),
    },
    {
      title: '接口状态',
      dataIndex: 'state',
      width: 100,
      render: (_d, r) => (
        <Tooltip
          title={
            r.lastCheck ? `${dayjs(r.lastCheck.at).format('YYYY-MM-DD HH:mm')} ${r.lastCheck.message}` : '尚未测试'
          }
        >
          <Tag color={STATE_COLOR[r.state]}>{INTERFACE_STATE_LABEL[r.state]}</Tag>
        </Tooltip>
      ),
    },
    { title: '请求方式', dataIndex: 'requestMode', width: 90, render: (_d, r) => r.api?.requestMode ?? '-' },
    {
      title: '返回类型',
      dataIndex: 'responseType',
      width: 90,
      render: (_d, r) => (r.api ? r.api.responseType.toUpperCase() : '-'),
    },
    {
      title: '接口地址',
      dataIndex: 'upstreamUrl',
      width: 240,
      ellipsis: true,
      render: (_d, r) => (!r.api ? '-' : r.api.upstreamUrl.startsWith('builtin:') ? '内置演示服务' : r.api.upstreamUrl),
    },
    { title: '开放类型', dataIndex: 'openType', dict: 'open_type', width: 110, defaultHidden: true },
    {
      title: '调用次数',
      dataIndex: 'callNum',
      width: 90,
      align: 'right',
      render: (_d, r) => r.callNum.toLocaleString('zh-CN'),
    },
    {
      title: '挂载时间',
      dataIndex: 'mountedAt',
      width: 150,
      render: (_d, r) => (r.mountedAt ? dayjs(r.mountedAt).format('YYYY-MM-DD HH:mm') : '-'),
    },
    { title: '数源部门', dataIndex: 'departName', width: 160, ellipsis: true, defaultHidden: true },
  ],
  rowActions: [
    { key: 'mount', permission: P.mount, render: (entry, done) => <MountLink entry={entry} done={done} /> },
    {
      key: 'check',
      permission: P.mount,
      visible: (entry) => entry.api !== null,
      render: (entry, done) => <CheckLink entry={entry} done={done} />,
    },
    {
      key: 'cancel',
      permission: P.mount,
      visible: (entry) => entry.isMount === '1',
      label: '取消挂载',
      danger: true,
      confirm: (entry) =>
        `确定取消「${entry.catalogName}」的接口挂载吗？取消后开放接口将不再响应调用，可随时重新挂载。`,
      run: (entry) => cancelInterfaceMount(entry.id),
      success: '已取消挂载',
    },
  ],
  actionWidth: 220,
});

/** 数据归集 › 接口发布: the department's 接口 entries, the upstreams they are mounted on, tests and cancellation. */
export default function InterfacePage() {
  return <ResourcePage view={view} />;
}
