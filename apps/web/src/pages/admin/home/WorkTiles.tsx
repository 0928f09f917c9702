import {
  BellOutlined,
  CheckCircleOutlined,
  FileSearchOutlined,
  HourglassOutlined,
  SendOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { CataloguePerm } from '@odp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Col, Statistic, Typography } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { getToDo, getWorkOrder, homeKeys } from '@/api/home';
import { getTodoCounts, listWorkOrders, workOrderKeys } from '@/api/workorder';
import { useNotices } from '@/components/notice/useNotices';
import { useCan } from '@/components/ResourcePage';
import type { HomeWidgets } from './widgets';

type Tile = {
  title: string;
  value: number | undefined;
  failed?: boolean;
  icon: ReactNode;
  color: string;
  note?: string;
  path?: string;
};

const INBOX = '/review/catalogue';
const MESSAGES = '/MessageCenter/MessageNotification';

/**
 * The catalogue's share of the to-do cards: a reviewer's pending reviews (编目审核 alone, and all work
 * orders), or a department's entries in review and those waiting for it (drafts, rejected, not yet on shelf).
 */
function useCatalogueTodos(widgets: HomeWidgets): Tile[] {
  const can = useCan();
  // Reviewers hold the 审核目录 button (catalog:review); the work-order menu itself is not a button code.
  const reviews = can(CataloguePerm.review);
  // People without the catalogue (registered citizens, companies) have no catalogue work waiting.
  const catalogues = widgets.catalogue;
  const todo = useQuery({ queryKey: workOrderKeys.todo, queryFn: getTodoCounts, enabled: reviews || catalogues });
  const catalogReviews = useQuery({
    queryKey: workOrderKeys.list({ type: 1, orderType: 'catalog', count: true }),
    queryFn: () => listWorkOrders({ type: 1, orderType: 'catalog', pageNo: 1, pageSize: 1 }),
    select: (page) => page.total,
    enabled: reviews,
  });
  const t = todo.data;
  if (reviews) {
    return [
      {
        title: '待审核目录',
        value: catalogReviews.data,
        failed: catalogReviews.isError,
        icon: <FileSearchOutlined />,
        color: '#1677ff',
        note: '编目审核',
        path: INBOX,
      },
      {
        title: '待处理工单',
        value: t?.pendingReview,
        failed: todo.isError,
        icon: <ToolOutlined />,
        color: '#fa8c16',
        note: '编目、上架、下架审核',
        path: INBOX,
      },
    ];
  }
  if (!catalogues) return [];
  return [
    {
      title: '待审核目录',
      value: t?.myInReview,
      failed: todo.isError,
      icon: <FileSearchOutlined />,
      color: '#1677ff',
      note: '本部门送审中的目录',
      path: '/cataloguemanage/list',
    },
    {
      title: '待处理工单',
      value: t ? t.myDrafts + t.myRejected + t.myPendingShelf : undefined,
      failed: todo.isError,
      icon: <ToolOutlined />,
      color: '#fa8c16',
      note: `草稿 ${t?.myDrafts ?? 0} · 审核不通过 ${t?.myRejected ?? 0} · 待上架 ${t?.myPendingShelf ?? 0}`,
      path: '/cataloguemanage/list',
    },
  ];
}

/** 待处理 / 已处理 / 已发起 work orders and 未读 messages of the signed-in user (getWorkOrder, getToDo). */
function useWorkTiles(widgets: HomeWidgets): Tile[] {
  const queryClient = useQueryClient();
  const { unread } = useNotices();
  const order = useQuery({ queryKey: homeKeys.workOrder, queryFn: getWorkOrder });
  const todo = useQuery({ queryKey: homeKeys.todo, queryFn: getToDo });
  // The bell polls; when its count moves, a message was read or arrived, so the cards ask again.
  const seen = useRef(unread);
  useEffect(() => {
    if (seen.current === unread) return;
    seen.current = unread;
    void queryClient.invalidateQueries({ queryKey: homeKeys.work });
  }, [unread, queryClient]);
  const tiles: Tile[] = [];
  if (widgets.reviews) {
    tiles.push(
      {
        title: '待处理',
        value: order.data?.workTotal,
        failed: order.isError,
        icon: <HourglassOutlined />,
        color: '#fa541c',
        note: '等待我审核的工单',
        path: INBOX,
      },
      {
        title: '已处理',
        value: todo.data?.handleTotal,
        failed: todo.isError,
        icon: <CheckCircleOutlined />,
        color: '#52c41a',
        note: '我审核过的工单',
        path: INBOX,
      },
    );
  }
  if (widgets.submits) {
    tiles.push({
      title: '已发起',
      value: todo.data?.allWorkTotal,
      failed: todo.isError,
      icon: <SendOutlined />,
      color: '#722ed1',
      note: '我提交审核的工单',
    });
  }
  tiles.push({
    title: '未读消息',
    value: order.data?.totalMessages,
    failed: order.isError,
    icon: <BellOutlined />,
    color: '#f5222d',
    note: `已读 ${todo.data?.readTotal ?? '—'}`,
    path: MESSAGES,
  });
  return tiles;
}

/** The to-do cards: the catalogue's, then the user's work orders and messages; a card opens its list when the user has it. */
export function WorkTiles({ widgets, routed }: { widgets: HomeWidgets; routed: (path?: string) => boolean }) {
  const navigate = useNavigate();
  const tiles = [...useCatalogueTodos(widgets), ...useWorkTiles(widgets)];
  return (
    <>
      {tiles.map((tile) => {
        const path = tile.path && routed(tile.path) ? tile.path : undefined;
        return (
          <Col key={tile.title} xs={24} sm={12} xl={8}>
            <Card
              hoverable={Boolean(path)}
              onClick={path ? () => navigate(path) : undefined}
              className="home-card"
              role={path ? 'link' : undefined}
              tabIndex={path ? 0 : undefined}
              onKeyDown={path ? (e) => e.key === 'Enter' && navigate(path) : undefined}
            >
              <Statistic
                title={tile.title}
                value={tile.failed ? '—' : tile.value}
                loading={!tile.failed && tile.value === undefined}
                prefix={<span style={{ color: tile.color, marginRight: 8 }}>{tile.icon}</span>}
              />
              {tile.note && (
                <Typography.Text type="secondary">{tile.failed ? '数据加载失败' : tile.note}</Typography.Text>
              )}
            </Card>
          </Col>
        );
      })}
    </>
  );
}
