import { Constants, NOTICE_CENTRE_MAX_PAGE_SIZE, type NoticeItem, PRIORITY_LABEL } from '@odp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Popconfirm, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { feedback } from '@/api/feedback';
import { deleteNews, pageNoticeCentre, readAllNews } from '@/api/news';
import { markAllNoticesRead, noticeKeys } from '@/api/notice';
import { queryKeys } from '@/api/query-keys';
import {
  type CentreTab,
  mesageTypeOf,
  PRIORITY_COLOR,
  parseMesageType,
  typeLabelOf,
} from '@/components/notice/notice-list';
import { useOpenNotice } from '@/components/notice/useOpenNotice';
import { QuickReplyDialog } from './QuickReplyDialog';

const keyOf = (item: NoticeItem) => `${item.source}:${item.id}`;

/**
 * 消息中心 (/MessageCenter/MessageNotification?mesageType=全部|未读): announcements and business
 * messages of the signed-in user, newest first, with 全部已读, deletion of business messages and 快捷回复
 * where a message's record waits for the reader's answer.
 * The server merges and pages both sources, so every page is reachable however many there are.
 */
export default function MessageNotificationPage() {
  const { message } = feedback;
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const tab = parseMesageType(search.get('mesageType'));
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10, tab });
  // Another tab is another list: back to its first page.
  if (paging.tab !== tab) setPaging({ pageNo: 1, pageSize: paging.pageSize, tab });
  const [selected, setSelected] = useState<NoticeItem[]>([]);
  const [replying, setReplying] = useState<NoticeItem | null>(null);
  const { open, dialog } = useOpenNotice();

  const list = useQuery({
    queryKey: noticeKeys.centre({ tab, pageNo: paging.pageNo, pageSize: paging.pageSize }),
    queryFn: () => pageNoticeCentre({ pageNo: paging.pageNo, pageSize: paging.pageSize, unreadOnly: tab === 'unread' }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.notices });

  const readAll = useMutation({
    mutationFn: () => Promise.all([markAllNoticesRead(), readAllNews()]),
    onSuccess: async () => {
      message.success('已全部标为已读');
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (items: NoticeItem[]) => deleteNews(items.map((i) => i.id)),
    onSuccess: async (count) => {
      message.success(`已删除 ${count} 条消息`);
      setSelected([]);
      await refresh();
    },
  });

  const columns: ColumnsType<NoticeItem> = [
    {
      title: '类型',
      key: 'type',
      width: 110,
      render: (_v, item) => <Tag color={item.source === 'news' ? 'purple' : 'geekblue'}>{typeLabelOf(item)}</Tag>,
    },
    {
      title: '标题',
      dataIndex: 'titile',
      ellipsis: true,
      render: (title: string, item) => (
        <Typography.Link strong={!item.readFlag} onClick={() => open(item)}>
          {title}
        </Typography.Link>
      ),
    },
    {
      title: '优先级',
      dataIndex: 'priority',
      width: 100,
      render: (_v, item) =>
        item.source === 'annt' ? <Tag color={PRIORITY_COLOR[item.priority]}>{PRIORITY_LABEL[item.priority]}</Tag> : '-',
    },
    { title: '发送人', dataIndex: 'sender', width: 120, render: (s: string) => s || '系统' },
    {
      title: '时间',
      dataIndex: 'sendTime',
      width: 170,
      render: (t: string) => dayjs(t).format(Constants.dateFormat),
    },
    {
      title: '状态',
      dataIndex: 'readFlag',
      width: 90,
      render: (read: boolean) => (read ? <Badge status="default" text="已读" /> : <Badge status="error" text="未读" />),
    },
    {
      title: '操作',
      key: 'actions',
      width: 180,
      render: (_v, item) => (
        <Space>
          <Typography.Link onClick={() => open(item)}>查看</Typography.Link>
          {item.quickReply && <Typography.Link onClick={() => setReplying(item)}>快捷回复</Typography.Link>}
          {item.source === 'news' && (
            <Popconfirm title="确定删除该消息吗？" onConfirm={() => remove.mutateAsync([item])}>
              <Typography.Link type="danger">删除</Typography.Link>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const data = list.data;

  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch({ mesageType: mesageTypeOf(key as CentreTab) })}
        items={[
          { key: 'all', label: '全部' },
          { key: 'unread', label: '未读' },
        ]}
        tabBarExtraContent={
          <Space>
            <Popconfirm
              title={`确定删除选中的 ${selected.length} 条业务消息吗？`}
              disabled={!selected.length}
              onConfirm={() => remove.mutateAsync(selected)}
            >
              <Button danger disabled={!selected.length} loading={remove.isPending}>
                批量删除
              </Button>
            </Popconfirm>
            <Button type="primary" loading={readAll.isPending} onClick={() => readAll.mutate()}>
              全部已读
            </Button>
          </Space>
        }
      />
      <Table<NoticeItem>
        rowKey={keyOf}
        columns={columns}
        dataSource={data?.records ?? []}
        loading={list.isFetching}
        locale={{ emptyText: tab === 'unread' ? '没有未读消息' : '暂无消息' }}
        rowSelection={{
          selectedRowKeys: selected.map(keyOf),
          onChange: (_keys, rows) => setSelected(rows),
          // Announcements are not the user's to delete; only business messages can be selected.
          getCheckboxProps: (item) => ({ disabled: item.source !== 'news' }),
        }}
        pagination={{
          current: paging.pageNo,
          pageSize: paging.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, NOTICE_CENTRE_MAX_PAGE_SIZE],
          showTotal: (total) => `共 ${total} 条`,
          onChange: (pageNo, pageSize) => setPaging({ pageNo, pageSize, tab }),
        }}
      />
      {dialog}
      {replying && <QuickReplyDialog item={replying} onClose={() => setReplying(null)} onReplied={refresh} />}
    </Card>
  );
}
