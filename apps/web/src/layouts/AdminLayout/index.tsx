import { type MenuDataItem, ProLayout, type ProLayoutProps } from '@ant-design/pro-components';
import { Constants, type MenuItem } from '@odp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, ConfigProvider } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useOutlet } from 'react-router-dom';
import { SITE_NAME } from '@/app/site';
import { formatBadge } from '@/components/badge';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { Logo } from '@/components/Logo';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { usePermission } from '@/session';
import { HeaderActions } from './HeaderActions';
import { useHideOnScroll, useViewportWidth } from './hooks';
import { menuIcon } from './icons';
import { menuTitles, visibleMenu } from './menu';
import { SettingsDrawer } from './SettingsDrawer';
import { useLayoutSettings } from './settings';
import { type TabAction, TabBar } from './TabBar';
import { closeAround, closeTab, HOME_TAB, openTab, type TabChange, type TabState, TITLES_OUTSIDE_MENU } from './tabs';
import './admin.css';
import { feedback } from '@/api/feedback';

function toMenuData(items: MenuItem[]): MenuDataItem[] {
  return items.map((item) => ({
    path: item.path,
    name: item.meta.title,
    icon: menuIcon(item.meta.icon),
    number: item.number,
    children: item.children?.length ? toMenuData(item.children) : undefined,
  }));
}

function withBadge(dom: ReactNode, count: unknown) {
  const text = typeof count === 'number' ? formatBadge(count) : '';
  if (!text) return dom;
  return (
    <span className="admin-menu-badge">
      {dom}
      <Badge count={text} size="small" />
    </span>
  );
}

const darkTokens = (color: string, top: boolean): ProLayoutProps['token'] => {
  const menu = {
    colorTextMenu: 'rgba(255,255,255,0.65)',
    colorTextMenuSecondary: 'rgba(255,255,255,0.65)',
    colorTextMenuSelected: '#fff',
    colorTextMenuActive: '#fff',
    colorBgMenuItemSelected: color,
    colorBgMenuItemHover: 'rgba(255,255,255,0.08)',
  };
  return {
    sider: {
      ...menu,
      colorMenuBackground: '#001529',
      colorTextMenuItemHover: '#fff',
      colorTextMenuTitle: '#fff',
      colorTextSubMenuSelected: '#fff',
      colorMenuItemDivider: 'rgba(255,255,255,0.15)',
      colorTextCollapsedButton: 'rgba(255,255,255,0.65)',
      colorTextCollapsedButtonHover: '#fff',
      colorBgCollapsedButton: '#002140',
    },
    header: top
      ? { ...menu, colorBgHeader: '#001529', colorHeaderTitle: '#fff', colorTextRightActionsItem: '#fff' }
      : undefined,
  };
};

/** The back office: server menu, multi-tab pages kept alive, settings drawer (spec §2.3). */
export default function AdminLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { message } = feedback;
  const queryClient = useQueryClient();
  const menu = usePermission().data?.menu;
  const titles = useMemo(() => menuTitles(menu ?? []), [menu]);
  const menuData = useMemo(() => toMenuData(visibleMenu(menu ?? [])), [menu]);
  const [settings, updateSettings] = useLayoutSettings();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const isTop = settings.layout === 'topmenu';
  const darkHeader = settings.navTheme === 'dark' && isTop;

  // Below 1088px the side menu starts closed (spec §4); ProLayout turns it into a drawer below 768px.
  const narrow = useViewportWidth() < Constants.breakpoints.tablet + 0.01;
  const [collapsed, setCollapsed] = useState(narrow);
  useEffect(() => setCollapsed(narrow), [narrow]);
  const headerHidden = useHideOnScroll(settings.autoHideHeader);

  const title =
    pathname === HOME_TAB.key
      ? HOME_TAB.title
      : (titles.get(pathname) ?? (Object.hasOwn(TITLES_OUTSIDE_MENU, pathname) ? TITLES_OUTSIDE_MENU[pathname] : ''));
  useDocumentTitle(title || undefined);

  const [tabs, setTabs] = useState<TabState>({ tabs: [HOME_TAB], activeKey: HOME_TAB.key });
  const [versions, setVersions] = useState<Record<string, number>>({});
  const outlet = useOutlet();
  // Each open tab keeps the element it was opened with, so switching tabs keeps the page's state.
  const pages = useRef(new Map<string, ReactNode>());
  if (!pages.current.has(pathname)) pages.current.set(pathname, outlet);

  useEffect(() => {
    setTabs((state) => openTab(state, { key: pathname, title: title || pathname }));
  }, [pathname, title]);

  const apply = (next: TabChange) => {
    if (next.error) {
      message.warning(next.error);
      return;
    }
    for (const key of [...pages.current.keys()]) {
      if (!next.tabs.some((t) => t.key === key)) pages.current.delete(key);
    }
    setTabs(next);
    if (next.activeKey !== pathname) navigate(next.activeKey);
  };

  const onTabAction = (key: string, action: TabAction) => {
    if (action === 'refresh') {
      setVersions((v) => ({ ...v, [key]: (v[key] ?? 0) + 1 }));
      void queryClient.invalidateQueries({ type: 'active' });
      if (key !== pathname) navigate(key);
      return;
    }
    apply(closeAround(tabs, key, action));
  };

  const content = settings.multipage ? (
    tabs.tabs.map((tab) => (
      <div key={`${tab.key}#${versions[tab.key] ?? 0}`} hidden={tab.key !== pathname}>
        <ErrorBoundary>{pages.current.get(tab.key)}</ErrorBoundary>
      </div>
    ))
  ) : (
    <ErrorBoundary resetKey={pathname}>{outlet}</ErrorBoundary>
  );

  return (
    <ConfigProvider theme={{ token: { colorPrimary: settings.color, colorLink: settings.color } }}>
      <ProLayout
        title={SITE_NAME}
        logo={<Logo size={28} />}
        // 'mix' rather than 'side': a full-width header carrying the bell and the user, menu on the left.
        layout={isTop ? 'top' : 'mix'}
        navTheme="light"
        token={settings.navTheme === 'dark' ? darkTokens(settings.color, isTop) : undefined}
        colorPrimary={settings.color}
        contentWidth={settings.contentWidth}
        fixedHeader={settings.fixedHeader}
        fixSiderbar={settings.fixSiderbar}
        colorWeak={settings.colorWeak}
        siderWidth={Constants.sidebarWidth}
        collapsed={collapsed}
        onCollapse={setCollapsed}
        breakpoint={false}
        route={{ path: '/', children: menuData }}
        location={{ pathname }}
        menu={{ locale: false }}
        menuItemRender={(item, dom) => (item.path ? <Link to={item.path}>{withBadge(dom, item.number)}</Link> : dom)}
        subMenuItemRender={(item, dom) => withBadge(dom, item.number)}
        onMenuHeaderClick={() => navigate(Constants.homePath)}
        actionsRender={() => [
          <HeaderActions key="actions" dark={darkHeader} onOpenSettings={() => setDrawerOpen(true)} />,
        ]}
        headerRender={headerHidden ? false : undefined}
        pageTitleRender={false}
        ErrorBoundary={false}
      >
        {/* ProLayout narrows only its header for a fixed-width top menu; the pages follow it here. */}
        <div className={isTop && settings.contentWidth === 'Fixed' ? 'admin-content-fixed' : undefined}>
          {settings.multipage && (
            <TabBar
              state={tabs}
              onSelect={navigate}
              onClose={(key) => apply(closeTab(tabs, key))}
              onAction={onTabAction}
            />
          )}
          {content}
        </div>
        <SettingsDrawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          settings={settings}
          onChange={updateSettings}
        />
      </ProLayout>
    </ConfigProvider>
  );
}
