import { Skeleton } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TabStrip } from '@/components/portal/TabStrip';
import { usePortalTitle } from '@/layouts/PortalLayout';
import { displayName } from '@/layouts/PortalLayout/UserName';
import { useSession } from '@/session';
import { CENTRE_TABS, type CentreTabKey, currentOfTab, tabOfCurrent } from './tabs';
import './personal-centre.css';

// Only the open tab is loaded: 我的应用 brings the back office's list, 消息 the notice dialog.
const InfoTab = lazy(() => import('./InfoTab'));
const MyAppliesTab = lazy(() => import('./MyAppliesTab'));
const MyServicesTab = lazy(() => import('./MyServicesTab'));
const MyAppsPage = lazy(() => import('../MyAppsPage'));
const MessagesTab = lazy(() => import('./MessagesTab'));
const CollectionsTab = lazy(() => import('./CollectionsTab'));
const EvaluationsTab = lazy(() => import('./EvaluationsTab'));
const ActivityTab = lazy(() => import('./ActivityTab'));
const BindingsTab = lazy(() => import('./BindingsTab'));
const MyAchievementsTab = lazy(() => import('../achievement/MyAchievementsTab'));
const NotifyTab = lazy(() => import('./NotifyTab'));
const InteractionTab = lazy(() => import('./InteractionTab'));

const panel = (node: ReactNode) => <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>{node}</Suspense>;

const PANELS: Record<CentreTabKey, () => ReactNode> = {
  info: () => <InfoTab />,
  applications: () => <MyAppliesTab />,
  services: () => <MyServicesTab />,
  apps: () => (
    <div className="centre-apps">
      <MyAppsPage />
    </div>
  ),
  messages: () => <MessagesTab />,
  collections: () => <CollectionsTab />,
  evaluations: () => <EvaluationsTab />,
  activity: () => <ActivityTab />,
  bindings: () => <BindingsTab />,
  achievements: () => <MyAchievementsTab />,
  notify: () => <NotifyTab />,
  interaction: () => <InteractionTab />,
};

/**
 * 个人中心 (`/personalCenter/perCenter?current=`): a signed-in user's applications, granted services,
 * apps, results (应用成果) and messages on the portal. The route needs a session (the router sends visitors to sign in).
 */
export default function PersonalCentrePage() {
  usePortalTitle('个人中心');
  const { userInfo } = useSession();
  const [params, setParams] = useSearchParams();
  const active = tabOfCurrent(params.get('current'));

  const choose = (key: string) => {
    // Another tab starts clean: the messages' 全部/未读 belongs to 消息 only.
    setParams({ current: currentOfTab(key as CentreTabKey) });
  };

  return (
    <div className="portal-section centre-page">
      <header className="centre-head">
        <h1>个人中心</h1>
        <p>
          {displayName(userInfo)}
          ，您好！在这里查看开放数据的申请进度、已开通的数据服务、您的应用、应用成果、收藏、评价、消息与操作记录。
        </p>
      </header>
      <TabStrip
        label="个人中心"
        className="centre-tabs"
        activeKey={active}
        onChange={choose}
        items={CENTRE_TABS.map((tab) => ({
          key: tab.key,
          label: tab.label,
          children: tab.key === active ? panel(PANELS[tab.key]()) : undefined,
        }))}
      />
    </div>
  );
}
