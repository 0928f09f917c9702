import { PlusOutlined } from '@ant-design/icons';
import { ANNOUNCEMENT_MACHINE, type AnnouncementAction, type AnnouncementRecord, Perm } from '@odp/contracts';
import { Button, Tag, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { queryKeys } from '@/api/query-keys';
import {
  announcementKeys,
  deleteAnnouncement,
  listAnnouncements,
  releaseAnnouncement,
  revokeAnnouncement,
} from '@/api/system/announcement';
import { defineResourceView, ResourcePage, useCan } from '@/components/ResourcePage';
import { defineWorkflow, WorkflowButtons } from '@/components/Workflow';
import { AnnouncementFormDrawer } from './AnnouncementFormDrawer';

const NoticeModal = lazy(() => import('@/components/notice/NoticeModal'));

/** The transitions sent to the server; 编辑 opens the form instead. */
const CALLS = { release: releaseAnnouncement, revoke: revokeAnnouncement, delete: deleteAnnouncement };
const isSent = (action: AnnouncementAction): action is keyof typeof CALLS => action in CALLS;

/** An announcement's buttons follow its 发布状态; each is asked about in place, one at a time. */
const ANNOUNCEMENT_WORKFLOW = defineWorkflow<AnnouncementRecord, AnnouncementAction>({
  machine: ANNOUNCEMENT_MACHINE,
  idOf: (r) => r.id,
  nameOf: (r) => r.titile,
  stateOf: (r) => ({ sendStatus: r.sendStatus }),
  offers: ['release', 'revoke', 'delete'],
  run: (action, ids) =>
    isSent(action)
      ? Promise.all(ids.map((id) => CALLS[action](id)))
      : Promise.reject(new Error(`不支持的操作：${action}`)),
  // A release or revoke changes what every bell shows.
  invalidates: [announcementKeys.all, queryKeys.notices],
  confirm: 'popconfirm',
  dialogs: {
    release: { question: ([r]) => `确定发布“${r?.titile}”吗？发布后通告对象会立即收到。` },
    revoke: { question: ([r]) => `确定撤销“${r?.titile}”吗？撤销后用户将不再看到该公告。` },
    delete: { question: ([r]) => `确定删除“${r?.titile}”吗？` },
  },
});

function audienceOf(record: AnnouncementRecord) {
  if (record.msgType === 'ALL') return <Tag>全体用户</Tag>;
  const users = record.userIds ? record.userIds.split(',').length : 0;
  const departs = record.departIds ? record.departIds.split(',').length : 0;
  return (
    <>
      {users > 0 && <Tag color="geekblue">{users} 位用户</Tag>}
      {departs > 0 && <Tag color="cyan">{departs} 个部门</Tag>}
    </>
  );
}

function announcementView(open: {
  edit: (record: AnnouncementRecord) => void;
  view: (record: AnnouncementRecord) => void;
}) {
  return defineResourceView<AnnouncementRecord>({
    title: '系统公告',
    noun: '公告',
    rowKey: 'id',
    queryKeys: announcementKeys,
    // A release or revoke changes what every bell shows.
    alsoInvalidates: [queryKeys.notices],
    api: { list: listAnnouncements },
    columns: [
      {
        title: '标题',
        dataIndex: 'titile',
        searchable: true,
        sorter: true,
        ellipsis: true,
        width: 220,
        render: (_dom, r) => <Typography.Link onClick={() => open.view(r)}>{r.titile}</Typography.Link>,
      },
      { title: '消息类型', dataIndex: 'msgCategory', dict: 'msg_category', searchable: true, width: 90 },
      {
        title: '优先级',
        dataIndex: 'priority',
        dict: 'priority',
        dictColors: { L: 'blue', M: 'orange', H: 'red' },
        searchable: true,
        sorter: true,
        width: 100,
      },
      { title: '通告对象', dataIndex: 'msgType', width: 120, render: (_dom, r) => audienceOf(r) },
      {
        title: '发布状态',
        dataIndex: 'sendStatus',
        dict: 'announcement_status',
        dictColors: { '0': 'default', '1': 'success', '2': 'warning' },
        searchable: true,
        sorter: true,
        width: 100,
      },
      { title: '发布人', dataIndex: 'sender', width: 120, ellipsis: true },
      {
        title: '发布时间',
        dataIndex: 'sendTime',
        valueType: 'dateTime',
        sorter: true,
        width: 170,
        render: (dom, r) => (r.sendStatus === '0' ? '-' : dom),
      },
      {
        title: '创建时间',
        dataIndex: 'createTime',
        valueType: 'dateTime',
        sorter: true,
        width: 170,
        defaultHidden: true,
      },
    ],
    rowActions: [
      {
        key: 'view',
        render: (r) => <Typography.Link onClick={() => open.view(r)}>查看</Typography.Link>,
      },
      {
        key: 'workflow',
        render: (r) => (
          <WorkflowButtons workflow={ANNOUNCEMENT_WORKFLOW} item={r} variant="link" handlers={{ edit: open.edit }} />
        ),
      },
    ],
    actionWidth: 170,
  });
}

/** 系统公告 (/system/announcement): drafts are edited, released to their audience, revoked and deleted. */
export default function AnnouncementPage() {
  const can = useCan();
  const [editing, setEditing] = useState<{ record?: AnnouncementRecord } | null>(null);
  const [viewing, setViewing] = useState<AnnouncementRecord | null>(null);
  const view = useMemo(() => announcementView({ edit: (record) => setEditing({ record }), view: setViewing }), []);

  return (
    <>
      <ResourcePage
        view={view}
        toolbar={() =>
          can(Perm.announcementEdit)
            ? [
                <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
                  新增
                </Button>,
              ]
            : []
        }
      />
      {editing && <AnnouncementFormDrawer record={editing.record} onClose={() => setEditing(null)} />}
      <Suspense fallback={null}>
        {viewing && <NoticeModal notice={viewing} onClose={() => setViewing(null)} />}
      </Suspense>
    </>
  );
}
