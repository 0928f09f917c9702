import { DownOutlined } from '@ant-design/icons';
import { Constants } from '@odp/contracts/constants';
import { Button, Popover, Space } from 'antd';
import { Link, NavLink, useLocation, useSearchParams } from 'react-router-dom';
import { isBuilt, SITE_NAME } from '@/app/site';
import { useAccountActions } from '@/components/account/useAccountActions';
import { useLoginGate } from '@/components/account/useLoginGate';
import { Logo } from '@/components/Logo';
import { NoticeBell } from '@/components/notice/NoticeBell';
import { useSession } from '@/session';
import { useLivePush } from '@/session/push';
import { HeaderSearch } from './HeaderSearch';
import { portalNav, SEARCH_PATH } from './nav';
import { useSiteConfig } from './useSiteConfig';

function UserArea() {
  const { userInfo } = useSession();
  const account = useAccountActions();
  // Mounted with the bell: rendered only for a signed-in visitor.
  useLivePush();
  const actions = (
    <div className="portal-user-actions">
      {account.canSwitchDepart && (
        <Button type="text" block onClick={account.openDepart}>
          切换部门
        </Button>
      )}
      <Button type="text" block onClick={account.openPassword}>
        修改密码
      </Button>
      <Button type="text" block danger onClick={account.confirmLogout}>
        退出登录
      </Button>
    </div>
  );
  return (
    <Space size={12} className="portal-user">
      <NoticeBell color="#fff" />
      <Link to={Constants.homePath} className="portal-welcome">
        欢迎您，{userInfo?.nickname || userInfo?.realname || userInfo?.username}
      </Link>
      <Popover content={actions} placement="bottomRight" trigger="hover" arrow={false}>
        <span className="portal-user-name">
          {userInfo?.realname || userInfo?.username}
          {userInfo?.departName && <span className="portal-depart">（{userInfo.departName}）</span>}
          <DownOutlined style={{ fontSize: 10, marginLeft: 4 }} />
        </span>
      </Popover>
      {account.dialogs}
    </Space>
  );
}

export function PortalHeader() {
  const { token } = useSession();
  const site = useSiteConfig();
  const { gate, prompt } = useLoginGate();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  // The home hero and the search page have their own, larger search box.
  const showSearch = isBuilt(SEARCH_PATH) && pathname !== Constants.portalHomePath && pathname !== SEARCH_PATH;
  const redirect = params.get('redirect');
  const loginPath = redirect ? `${Constants.loginPath}?redirect=${encodeURIComponent(redirect)}` : Constants.loginPath;
  const openDeveloperCamp = () =>
    gate(() => site.developerCampUrl && window.open(site.developerCampUrl, '_blank', 'noopener,noreferrer'));

  return (
    <header className="portal-header">
      <div className="portal-header-inner">
        <Link to={Constants.portalHomePath} className="portal-brand">
          <Logo size={36} />
          <span>{site.siteName || SITE_NAME}</span>
        </Link>
        <nav className="portal-nav" aria-label="主导航">
          {portalNav().map((item) =>
            'path' in item ? (
              <NavLink key={item.path} to={item.path}>
                {item.title}
              </NavLink>
            ) : (
              <button key={item.title} type="button" onClick={openDeveloperCamp}>
                {item.title}
              </button>
            ),
          )}
        </nav>
        {showSearch && <HeaderSearch />}
        {token ? (
          <UserArea />
        ) : (
          <Link to={loginPath} className="portal-login">
            登录/注册
          </Link>
        )}
      </div>
      {prompt}
    </header>
  );
}
