import { BellOutlined, FileSearchOutlined, ToolOutlined, UserOutlined } from '@ant-design/icons';
import { CataloguePerm } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Card, Col, Row, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { getTodoCounts, listWorkOrders, workOrderKeys } from '@/api/workorder';
import { useNotices } from '@/components/notice/useNotices';
import { useCan } from '@/components/ResourcePage';
import { menuRoutes } from '@/layouts/AdminLayout/menu';
import { usePermission, useSession } from '@/session';

function greeting(hour: number) {
  if (hour < 6) return '凌晨好';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

type Todo = { title: string; value: number; icon: ReactNode; color: string; note?: string; path?: string };

/**
 * The catalogue's share of the to-do cards: a reviewer's pending reviews (编目审核 alone, and all work
 * orders), or a department's entries in review and those waiting for it (drafts, rejected, not yet on shelf).
 */
function useCatalogueTodos(): Todo[] {
  const can = useCan();
  // Reviewers hold the 审核目录 button (catalog:review); the work-order menu itself is not a button code.
  const reviews = can(CataloguePerm.review);
  // People without the catalogue (registered citizens, companies) have no catalogue work waiting.
  const catalogues = can(CataloguePerm.list);
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
        value: catalogReviews.data ?? 0,
        icon: <FileSearchOutlined />,
        color: '#1677ff',
        note: '编目审核',
        path: '/review/catalogue',
      },
      {
        title: '待处理工单',
        value: t?.pendingReview ?? 0,
        icon: <ToolOutlined />,
        color: '#fa8c16',
        note: '编目、上架、下架审核',
        path: '/review/catalogue',
      },
    ];
  }
  if (!catalogues) return [];
  return [
    {
      title: '待审核目录',
      value: t?.myInReview ?? 0,
      icon: <FileSearchOutlined />,
      color: '#1677ff',
      note: '本部门送审中的目录',
      path: '/cataloguemanage/list',
    },
    {
      title: '待处理工单',
      value: (t?.myDrafts ?? 0) + (t?.myRejected ?? 0) + (t?.myPendingShelf ?? 0),
      icon: <ToolOutlined />,
      color: '#fa8c16',
      note: `草稿 ${t?.myDrafts ?? 0} · 审核不通过 ${t?.myRejected ?? 0} · 待上架 ${t?.myPendingShelf ?? 0}`,
      path: '/cataloguemanage/list',
    },
  ];
}

/** The back-office landing (spec §2.2 /pageHome/PageHome): who is signed in and what waits for them. */
export default function PageHome() {
  const { userInfo } = useSession();
  const { unread } = useNotices();
  const navigate = useNavigate();
  const menu = usePermission().data?.menu;
  const routed = (path?: string) => Boolean(path && menuRoutes(menu ?? []).some((r) => r.path === path));
  const todos: Todo[] = [
    ...useCatalogueTodos(),
    {
      title: '未读消息',
      value: unread,
      icon: <BellOutlined />,
      color: '#f5222d',
      path: '/MessageCenter/MessageNotification',
    },
  ];

  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card>
          <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
            <Avatar size={64} src={userInfo?.avatar || undefined} icon={<UserOutlined />} style={{ flex: 'none' }} />
            <div>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {greeting(dayjs().hour())}，{userInfo?.realname || userInfo?.username}，欢迎使用滨江市公共数据开放平台！
              </Typography.Title>
              <Typography.Text type="secondary">
                所属部门：{userInfo?.departName || '未归属部门'}　　今天是 {dayjs().format('YYYY年M月D日 dddd')}
              </Typography.Text>
            </div>
          </div>
        </Card>
      </Col>
      {todos.map((todo) => (
        <Col key={todo.title} xs={24} md={8}>
          <Card
            hoverable={routed(todo.path)}
            onClick={routed(todo.path) && todo.path ? () => navigate(todo.path as string) : undefined}
          >
            <Statistic
              title={todo.title}
              value={todo.value}
              prefix={<span style={{ color: todo.color, marginRight: 8 }}>{todo.icon}</span>}
            />
            {todo.note && <Typography.Text type="secondary">{todo.note}</Typography.Text>}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
