import { Constants, MSG_CATEGORY_LABEL, type NoticeItem, PRIORITY_LABEL } from '@odp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Input, Segmented, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { feedback } from '@/api/feedback';
import { getMyAnnouncements, type MyAnnouncementParams, markAllNoticesRead, noticeKeys } from '@/api/notice';
import { queryKeys } from '@/api/query-keys';
import { PRIORITY_COLOR } from '@/components/notice/notice-list';
import { useOpenNotice } from '@/components/notice/useOpenNotice';

type ReadFilter = 'all' | '0' | '1';

/** 我的消息 (/isps/userAnnouncement): the announcements addressed to the signed-in user, with read state. */
export default function UserAnnouncementPage() {
  const { message } = feedback;
  const queryClient = useQueryClient();
  const { open, dialog } = useOpenNotice();
  const [read, setRead] = useState<ReadFilter>('all');
  const [titile, setTitile] = useState('');
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const params: MyAnnouncementParams = {
    ...paging,
    titile: titile || undefined,
    readFlag: read === 'all' ? undefined : read,
  };
  const list = useQuery({
    queryKey: noticeKeys.mine(params),
    queryFn: () => getMyAnnouncements(params),
    placeholderData: keepPreviousData,
  });
  const readAll = useMutation({
    mutationFn: markAllNoticesRead,
    onSuccess: async () => {
      message.success('已全部标为已读');
      await queryClient.invalidateQueries({ queryKey: queryKeys.notices });
    },
  });

  const columns: ColumnsType<NoticeItem> = [
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
    { title: '发布人', dataIndex: 'sender', width: 160, render: (s: string) => s || '系统' },
    {
      title: '优先级',
      dataIndex: 'priority',
      width: 100,
      render: (p: NoticeItem['priority']) => <Tag color={PRIORITY_COLOR[p]}>{PRIORITY_LABEL[p]}</Tag>,
    },
    {
      title: '消息类型',
      dataIndex: 'msgCategory',
      width: 100,
      render: (c: NoticeItem['msgCategory']) => MSG_CATEGORY_LABEL[c],
    },
    {
      title: '发布时间',
      dataIndex: 'sendTime',
      width: 170,
      render: (t: string) => dayjs(t).format(Constants.dateFormat),
    },
    {
      title: '阅读状态',
      dataIndex: 'readFlag',
      width: 100,
      render: (r: boolean) => (r ? <Badge status="default" text="已读" /> : <Badge status="error" text="未读" />),
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_v, item) => <Typography.Link onClick={() => open(item)}>查看</Typography.Link>,
    },
  ];

  return (
    <Card title="我的消息">
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Segmented<ReadFilter>
            value={read}
            onChange={(v) => {
              setRead(v);
              setPaging((p) => ({ ...p, pageNo: 1 }));
            }}
            options={[
              { label: '全部', value: 'all' },
              { label: '未读', value: '0' },
              { label: '已读', value: '1' },
            ]}
          />
          <Input.Search
            allowClear
            placeholder="按标题搜索"
            style={{ width: 240 }}
            onSearch={(v) => {
              setTitile(v.trim());
              setPaging((p) => ({ ...p, pageNo: 1 }));
            }}
          />
        </Space>
        <Button type="primary" loading={readAll.isPending} onClick={() => readAll.mutate()}>
          全部已读
        </Button>
      </Space>
      <Table<NoticeItem>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        locale={{ emptyText: read === '0' ? '没有未读公告' : '暂无公告' }}
        pagination={{
          current: paging.pageNo,
          pageSize: paging.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (pageNo, pageSize) => setPaging({ pageNo, pageSize }),
        }}
      />
      {dialog}
    </Card>
  );
}
