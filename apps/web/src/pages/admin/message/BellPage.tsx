import { Constants, isSameSitePath, NEWS_TYPE_LABEL, type NewsItem, newsTypeLabel } from '@odp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Empty,
  List,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { feedback } from '@/api/feedback';
import { deleteNews, type NewsPageParams, newsKeys, pageNews, readNews } from '@/api/news';
import { queryKeys } from '@/api/query-keys';
import { newsToNotice } from '@/components/notice/notice-list';
import { useOpenNotice } from '@/components/notice/useOpenNotice';

type ReadFilter = 'all' | '0' | '1';

/** 消息提醒 (/bell): the signed-in user's business messages, to read, delete or act on (去处理). */
export default function BellPage() {
  const { message } = feedback;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { open, dialog } = useOpenNotice();
  const [read, setRead] = useState<ReadFilter>('all');
  const [messageType, setMessageType] = useState<string | undefined>();
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const [selected, setSelected] = useState<string[]>([]);
  const params: NewsPageParams = { ...paging, messageType, readFlag: read === 'all' ? undefined : read };
  const list = useQuery({
    queryKey: newsKeys.page(params),
    queryFn: () => pageNews(params),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.notices });
  const markRead = useMutation({
    mutationFn: readNews,
    onSuccess: async () => {
      message.success('已标为已读');
      setSelected([]);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: deleteNews,
    onSuccess: async (count) => {
      message.success(`已删除 ${count} 条消息`);
      setSelected([]);
      await refresh();
    },
  });

  /** 去处理: the message is read once acted on, then its page opens. */
  const handle = async (item: NewsItem) => {
    if (!isSameSitePath(item.openPage)) return;
    if (!item.readFlag) await readNews([item.id]).catch(() => undefined);
    await refresh();
    navigate(item.openPage);
  };

  const toFirstPage = () => setPaging((p) => ({ ...p, pageNo: 1 }));
  const records = list.data?.records ?? [];

  return (
    <Card title="消息提醒">
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Segmented<ReadFilter>
            value={read}
            onChange={(v) => {
              setRead(v);
              toFirstPage();
            }}
            options={[
              { label: '全部', value: 'all' },
              { label: '未读', value: '0' },
              { label: '已读', value: '1' },
            ]}
          />
          <Select
            allowClear
            placeholder="消息类型"
            style={{ width: 160 }}
            value={messageType}
            onChange={(v?: string) => {
              setMessageType(v);
              toFirstPage();
            }}
            options={Object.entries(NEWS_TYPE_LABEL).map(([value, label]) => ({ value, label }))}
          />
        </Space>
        <Space>
          <Button disabled={!selected.length} loading={markRead.isPending} onClick={() => markRead.mutate(selected)}>
            标为已读
          </Button>
          <Popconfirm
            title={`确定删除选中的 ${selected.length} 条消息吗？`}
            disabled={!selected.length}
            onConfirm={() => remove.mutateAsync(selected)}
          >
            <Button danger disabled={!selected.length} loading={remove.isPending}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      </Space>
      <List<NewsItem>
        loading={list.isFetching}
        dataSource={records}
        locale={{ emptyText: <Empty description={read === '0' ? '没有未读消息' : '暂无消息'} /> }}
        pagination={{
          current: paging.pageNo,
          pageSize: paging.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (pageNo, pageSize) => setPaging({ pageNo, pageSize }),
          align: 'end',
        }}
        renderItem={(item) => (
          <List.Item
            actions={[
              isSameSitePath(item.openPage) ? (
                <Typography.Link key="handle" onClick={() => handle(item)}>
                  去处理
                </Typography.Link>
              ) : null,
              !item.readFlag ? (
                <Typography.Link key="read" onClick={() => markRead.mutate([item.id])}>
                  标为已读
                </Typography.Link>
              ) : null,
              <Popconfirm key="delete" title="确定删除该消息吗？" onConfirm={() => remove.mutateAsync([item.id])}>
                <Typography.Link type="danger">删除</Typography.Link>
              </Popconfirm>,
            ].filter(Boolean)}
          >
            <List.Item.Meta
              avatar={
                <Checkbox
                  aria-label={`选择 ${item.title}`}
                  checked={selected.includes(item.id)}
                  onChange={(e) =>
                    setSelected((s) => (e.target.checked ? [...s, item.id] : s.filter((id) => id !== item.id)))
                  }
                />
              }
              title={
                <Space wrap>
                  {item.readFlag ? <Badge status="default" /> : <Badge status="error" />}
                  <Typography.Link strong={!item.readFlag} onClick={() => open(newsToNotice(item))}>
                    {item.title}
                  </Typography.Link>
                  <Tag color="purple">{newsTypeLabel(item.messageType)}</Tag>
                </Space>
              }
              description={`${item.sender || '系统'} · ${dayjs(item.createTime).format(Constants.dateFormat)}`}
            />
          </List.Item>
        )}
      />
      {dialog}
    </Card>
  );
}
