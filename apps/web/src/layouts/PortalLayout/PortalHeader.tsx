import { MenuOutlined } from '@ant-design/icons';
import { Constants } from '@odp/contracts/constants';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useSearchParams } from 'react-router-dom';
import { isBuilt, SITE_NAME } from '@/app/site';
import { useAccountActions } from '@/components/account/useAccountActions';
import { useLoginGate } from '@/components/account/useLoginGate';
import { Logo } from '@/components/Logo';
import { AccessibilityBar } from '@/components/portal/a11y';
import { useSession } from '@/session';
import { useLivePush } from '@/session/push';
import { HeaderSearch } from './HeaderSearch';
import { portalNav, SEARCH_PATH } from './nav';
import { UserName } from './UserName';
import { useSiteConfig } from './useSiteConfig';

export { displayName } from './UserName';

// Only a signed-in visitor has a bell.
const NoticeBell = lazy(() => import('@/components/notice/NoticeBell').then((m) => ({ default: m.NoticeBell })));
const UserArea = lazy(() => import('./AccountMenu').then((m) => ({ default: m.UserArea })));
const MenuDrawer = lazy(() => import('./AccountMenu').then((m) => ({ default: m.MenuDrawer })));

/** Mounted only for a signed-in visitor: the live push that feeds the bell. */
function LivePush() {
  useLivePush();
  return null;
}

export function PortalHeader() {
  const { token } = useSession();
  const site = useSiteConfig();
  const { gate, prompt } = useLoginGate();
  const account = useAccountActions();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // The drawer is loaded on the first tap of the menu button and kept for its closing animation.
  const [menuUsed, setMenuUsed] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const wantMenu = () => setMenuWanted(true);
  // A signed-in visitor's account menu is fetched at once, beside the page, not at the first hover.
  useEffect(() => {
    if (token) void import('./AccountMenu');
  }, [token]);
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
            <Suspense fallback={null}>
              <NoticeBell color="#fff" />
            </Suspense>
          </div>
        )}
        {token ? (
          <div className="portal-wide">
            <Suspense
              fallback={
                // Reached for before the menu's code is in: it opens as soon as it is.
                <div className="portal-user">
                  <UserName onReach={wantMenu} />
                </div>
              }
            >
              <UserArea account={account} defaultOpen={menuWanted} />
            </Suspense>
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
            onClick={() => {
              setMenuUsed(true);
              setMenuOpen(true);
            }}
          >
            <MenuOutlined />
          </button>
        </div>
      </div>
      {menuUsed && (
        <Suspense fallback={null}>
          <MenuDrawer
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            account={account}
            search={isBuilt(SEARCH_PATH) && pathname !== SEARCH_PATH && <HeaderSearch />}
            nav={navItems}
            loginPath={loginPath}
          />
        </Suspense>
      )}
      {account.dialogs}
      {prompt}
    </header>
  );
}
