import { Constants } from '@odp/contracts';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { portalTitle } from './nav';
import { PortalFooter } from './PortalFooter';
import { PortalHeader } from './PortalHeader';
import './portal.css';

/**
 * The public face: light on purpose (a few plain antd parts, a hand-made breadcrumb instead of antd's,
 * which brings Dropdown and Menu), since it is what every visitor loads first.
 */
export function PortalLayout() {
  const { pathname } = useLocation();
  const title = portalTitle(pathname);
  const isHome = pathname === Constants.portalHomePath;
  useDocumentTitle(isHome ? undefined : title);

  return (
    <div className="portal">
      <PortalHeader />
      {!isHome && (
        <div className="portal-breadcrumb">
          <nav aria-label="面包屑">
            <Link to={Constants.portalHomePath}>首页</Link>
            {title && <span aria-current="page">{title}</span>}
          </nav>
        </div>
      )}
      <main className="portal-main">
        <ErrorBoundary resetKey={pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
      <PortalFooter />
    </div>
  );
}
