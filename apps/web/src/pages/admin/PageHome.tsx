import { UserOutlined } from '@ant-design/icons';
import { STATISTIC_PATH } from '@odp/contracts';
import { Avatar, Card, Col, Row, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useCan } from '@/components/ResourcePage';
import { menuRoutes } from '@/layouts/AdminLayout/menu';
import { usePermission, useSession } from '@/session';
import { CatalogueFiguresCard, ServiceCard, ShareFiguresCard } from './home/FigureCards';
import { MyDataCard } from './home/MyDataCard';
import { StatisticsCard } from './home/StatisticsCard';
import { DataServiceCard, DataStatisticsCard } from './home/TrendCards';
import { WorkTiles } from './home/WorkTiles';
import { halfSpans, homeWidgets } from './home/widgets';
import './home/home.css';

function greeting(hour: number) {
  if (hour < 6) return '凌晨好';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

/** Half-width panels in pairs, full width on a phone; an odd last one fills its row. */
function Panels({ items }: { items: { key: string; node: ReactNode }[] }) {
  const spans = halfSpans(items.length);
  return (
    <>
      {items.map(({ key, node }, i) => (
        <Col key={key} xs={24} xl={spans[i]}>
          {node}
        </Col>
      ))}
    </>
  );
}

/**
 * The back-office landing (spec §2.2 /pageHome/PageHome): who is signed in, what waits for them, and
 * their department's (the city's, for the bureau) sharing and catalogue figures. Each widget shows only
 * when the user's permissions allow it, and every figure is the server's, scoped again there.
 */
export default function PageHome() {
  const { userInfo } = useSession();
  const can = useCan();
  const widgets = homeWidgets(can);
  const menu = usePermission().data?.menu;
  const routes = new Set(menuRoutes(menu ?? []).map((r) => r.path));
  const routed = (path?: string) => Boolean(path && routes.has(path));

  const figures = [
    ...(widgets.provide ? [{ key: 'provide', node: <ServiceCard side="provide" routed={routed} /> }] : []),
    ...(widgets.use ? [{ key: 'use', node: <ServiceCard side="use" routed={routed} /> }] : []),
    ...(widgets.cityServices ? [{ key: 'city', node: <ServiceCard side="city" routed={routed} /> }] : []),
    ...(widgets.shareFigures ? [{ key: 'share', node: <ShareFiguresCard scope={widgets.shareScope} /> }] : []),
    ...(widgets.catalogue ? [{ key: 'catalogue', node: <CatalogueFiguresCard scope={widgets.catalogueScope} /> }] : []),
  ];
  const charts = [
    ...(widgets.catalogue ? [{ key: 'service', node: <DataServiceCard scope={widgets.catalogueScope} /> }] : []),
    ...(widgets.shareFigures ? [{ key: 'statistics', node: <DataStatisticsCard scope={widgets.shareScope} /> }] : []),
  ];

  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card>
          <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
            <Avatar size={64} src={userInfo?.avatar || undefined} icon={<UserOutlined />} style={{ flex: 'none' }} />
            <div style={{ minWidth: 0 }}>
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
      <WorkTiles widgets={widgets} routed={routed} />
      <Panels items={figures} />
      <Panels items={charts} />
      {(widgets.statistics || routed(STATISTIC_PATH)) && (
        <Col span={24}>
          <StatisticsCard routed={routed} />
        </Col>
      )}
      {widgets.catalogue && (
        <Col span={24}>
          <MyDataCard scope={widgets.catalogueScope} routed={routed} />
        </Col>
      )}
    </Row>
  );
}
