import { DownOutlined, MenuOutlined } from '@ant-design/icons';
import { Constants } from '@odp/contracts/constants';
import { Button, Drawer, Popover } from 'antd';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useSearchParams } from 'react-router-dom';
import { isBuilt, SITE_NAME } from '@/app/site';
import { useAccountActions } from '@/components/account/useAccountActions';
import { useLoginGate } from '@/components/account/useLoginGate';
import { Logo } from '@/components/Logo';
import { NoticeBell } from '@/components/notice/NoticeBell';
import { AccessibilityBar } from '@/components/portal/a11y';
import { useSession } from '@/session';
import { useLivePush } from '@/session/push';
import { HeaderSearch } from './HeaderSearch';
import { portalNav, SEARCH_PATH } from './nav';
import { useSiteConfig } from './useSiteConfig';

/** The name the header shows once: the person's name, else the account's. */
export const displayName = (user: { realname?: string | null; nickname?: string | null; username?: string } | null) =>
  user?.realname || user?.nickname || user?.username || '';

type Account = ReturnType<typeof useAccountActions>;

/** The account's entries; the back office only for someone who belongs to a department (others have none there). */
function AccountActions({ account, onPick }: { account: Account; onPick?: () => void }) {
  const { userInfo } = useSession();
  const pick = (action: () => void) => () => {
    onPick?.();
    action();
  };
  return (
    <div className="portal-user-actions">
      {userInfo?.orgCode && (
        <Link to={Constants.homePath} className="ant-btn ant-btn-text ant-btn-block" onClick={onPick}>
          进入工作台
        </Link>
      )}
      {account.canSwitchDepart && (
        <Button type="text" block onClick={pick(account.openDepart)}>
          切换部门
        </Button>
      )}
      <Button type="text" block onClick={pick(account.openPassword)}>
        修改密码
      </Button>
      <Button type="text" block danger onClick={pick(account.confirmLogout)}>
        退出登录
      </Button>
    </div>
  );
}

function UserArea({ account }: { account: Account }) {
  const { userInfo } = useSession();
  return (
    <div className="portal-user">
      <Popover
        content={<AccountActions account={account} />}
        placement="bottomRight"
        trigger={['hover', 'click']}
        arrow={false}
      >
        <button type="button" className="portal-user-name" aria-haspopup="true">
          {displayName(userInfo)}
          {userInfo?.departName && <span className="portal-depart">（{userInfo.departName}）</span>}
          <DownOutlined style={{ fontSize: 10, marginLeft: 4 }} />
        </button>
      </Popover>
    </div>
  );
}

/** Mounted only for a signed-in visitor: the live push that feeds the bell. */
function LivePush() {
  useLivePush();
  return null;
}

export function PortalHeader() {
  const { token, userInfo } = useSession();
  const site = useSiteConfig();
  const { gate, prompt } = useLoginGate();
  const account = useAccountActions();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // The home hero and the search page have their own, larger search box.
  const showSearch = isBuilt(SEARCH_PATH) && pathname !== Constants.portalHomePath && pathname !== SEARCH_PATH;
  const redirect = params.get('redirect');
  const loginPath = redirect ? `${Constants.loginPath}?redirect=${encodeURIComponent(redirect)}` : Constants.loginPath;
  const openDeveloperCamp = () =>
    gate(() => site.developerCampUrl && window.open(site.developerCampUrl, '_blank', 'noopener,noreferrer'));

  // A link followed inside the drawer closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change
  useEffect(() => setMenuOpen(false), [pathname]);

  const navItems = portalNav().map((item) =>
    'path' in item ? (
      <NavLink key={item.path} to={item.path}>
        {item.title}
      </NavLink>
    ) : (
      <button key={item.title} type="button" onClick={openDeveloperCamp}>
        {item.title}
      </button>
    ),
  );

  return (
    <header className="portal-header">
      <AccessibilityBar />
      <div className="portal-header-inner">
        <Link to={Constants.portalHomePath} className="portal-brand" aria-label={site.siteName || SITE_NAME}>
          <Logo size={36} />
          <span>{site.siteName || SITE_NAME}</span>
        </Link>
        <nav className="portal-nav portal-wide" aria-label="主导航">
          {navItems}
        </nav>
        {showSearch && (
          <div className="portal-wide">
            <HeaderSearch />
          </div>
        )}
        {token && (
          <div className="portal-bell">
            <LivePush />
            <NoticeBell color="#fff" />
          </div>
        )}
        {token ? (
          <div className="portal-wide">
            <UserArea account={account} />
          </div>
        ) : (
          <Link to={loginPath} className="portal-login portal-wide">
            登录/注册
          </Link>
        )}
        <div className="portal-narrow">
          <button
            type="button"
            className="portal-menu-button"
            aria-label="打开菜单"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <MenuOutlined />
          </button>
        </div>
      </div>
      <Drawer
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        placement="right"
        width={300}
        title={token ? displayName(userInfo) : '菜单'}
        rootClassName="portal-menu-drawer"
        closable={{ 'aria-label': '关闭菜单' }}
      >
        {isBuilt(SEARCH_PATH) && pathname !== SEARCH_PATH && <HeaderSearch />}
        <nav className="portal-drawer-nav" aria-label="主导航（菜单）">
          {navItems}
        </nav>
        {token ? (
          <AccountActions account={account} onPick={() => setMenuOpen(false)} />
        ) : (
          <Link to={loginPath} className="portal-drawer-login">
            登录/注册
          </Link>
        )}
      </Drawer>
      {account.dialogs}
      {prompt}
    </header>
  );
}
