import { Constants } from '@odp/contracts/constants';
import { Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useScrollRestoration } from '@/app/keep-alive';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { PageLoading } from '@/components/PageLoading';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { portalCrumbs } from './nav';
import { PortalFooter } from './PortalFooter';
import { PortalHeader } from './PortalHeader';
import { PortalTitleContext } from './page-title';
import './portal.css';

export { isPortalAddress } from './nav';
export { usePortalTitle } from './page-title';

/**
 * The public face: light on purpose (a few plain antd parts, a hand-made breadcrumb instead of antd's,
 * which brings Dropdown and Menu), since it is what every visitor loads first.
 */
export function PortalLayout() {
  const { pathname } = useLocation();
  const [pageTitle, setPageTitle] = useState<string>();
  const crumbs = portalCrumbs(pathname, pageTitle);
  const isHome = pathname === Constants.portalHomePath;
  useDocumentTitle(isHome ? undefined : crumbs[crumbs.length - 1]?.title);
  useScrollRestoration();

  return (
    <div className="portal">
      <PortalHeader />
      {!isHome && (
        <div className="portal-breadcrumb">
          <nav aria-label="面包屑">
            <Link to={Constants.portalHomePath}>首页</Link>
            {crumbs.map((crumb, i) =>
              crumb.path && i < crumbs.length - 1 ? (
                <span key={crumb.path}>
                  <Link to={crumb.path}>{crumb.title}</Link>
                </span>
              ) : (
                <span key={crumb.title} aria-current="page">
                  {crumb.title}
                </span>
              ),
            )}
          </nav>
        </div>
      )}
      <main className="portal-main">
        <PortalTitleContext.Provider value={setPageTitle}>
          <ErrorBoundary resetKey={pathname}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </PortalTitleContext.Provider>
      </main>
      <PortalFooter />
    </div>
  );
}
