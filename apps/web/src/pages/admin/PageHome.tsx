import { BellOutlined, FileSearchOutlined, ToolOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Col, Row, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useNotices } from '@/components/notice/useNotices';
import { useSession } from '@/session';

function greeting(hour: number) {
  if (hour < 6) return '凌晨好';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

type Todo = { title: string; value: number; icon: ReactNode; color: string };

/** The back-office landing (spec §2.2 /pageHome/PageHome): who is signed in and what waits for them. */
export default function PageHome() {
  const { userInfo } = useSession();
  const { unread } = useNotices();
  // Catalogue review and work orders are not built yet, so nothing can be waiting there.
  const todos: Todo[] = [
    { title: '待审核目录', value: 0, icon: <FileSearchOutlined />, color: '#1677ff' },
    { title: '待处理工单', value: 0, icon: <ToolOutlined />, color: '#fa8c16' },
    { title: '未读消息', value: unread, icon: <BellOutlined />, color: '#f5222d' },
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
          <Card>
            <Statistic
              title={todo.title}
              value={todo.value}
              prefix={<span style={{ color: todo.color, marginRight: 8 }}>{todo.icon}</span>}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
