import { Constants, type MenuItem, PUBLIC_ROUTES } from '@odp/contracts';
import { Suspense, useEffect, useMemo } from 'react';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { PageLoading } from '@/components/PageLoading';
import { menuRoutes } from '@/layouts/AdminLayout/menu';
import { isPortalAddress, PortalLayout } from '@/layouts/PortalLayout';
import { centrePath, PERSONAL_CENTRE_PATH } from '@/pages/account/personal-centre/tabs';
import PortalHome from '@/pages/portal/HomePage';
import { SCREEN_ROUTES } from '@/pages/screen/routes';
import { dropSession, usePermission, useSession } from '@/session';
import { lazyPage } from './lazy-page';
import { pageRegistry, resolvePage } from './page-registry';

const LoginPage = lazyPage(() => import('@/pages/account/LoginPage'));
const SsoLoginPage = lazyPage(() => import('@/pages/account/sso/SsoLoginPage'));
const SgSsoPage = lazyPage(() => import('@/pages/account/sso/SgSsoPage'));
// The citizens' own account pages (public): 注册, 注册结果, 找回密码, and the development SMS inbox.
const ACCOUNT_PAGES: Record<string, ReturnType<typeof lazyPage>> = {
  '/user/register': lazyPage(() => import('@/pages/account/register/RegisterPage')),
  '/user/register-result': lazyPage(() => import('@/pages/account/register/RegisterResultPage')),
  '/user/alteration': lazyPage(() => import('@/pages/account/AlterationPage')),
  '/dev/sms-inbox': lazyPage(() => import('@/pages/account/DevSmsInboxPage')),
};
const ErrorPage = lazyPage(() => import('@/pages/errors/ErrorPage'));
const ResultPage = lazyPage(() => import('@/pages/result/ResultPage'));
// 测试页 (spec §2.2 /test/home): every signed-in user's self-check, inside the back office's frame.
const SelfCheckPage = lazyPage(() => import('@/pages/admin/SelfCheckPage'));
const AdminLayout = lazyPage(() => import('@/layouts/AdminLayout'));

// Public pages besides the home: each its own chunk, so the home's first load stays light.
const CataloguePage = lazyPage(() => import('@/pages/portal/catalogue/CataloguePage'));
const CatalogueDetailPage = lazyPage(() => import('@/pages/portal/catalogue/DetailPage'));
const SearchPage = lazyPage(() => import('@/pages/portal/search/SearchPage'));
const OpenStatsPage = lazyPage(() => import('@/pages/portal/stats/OpenStatsPage'));
const ServiceMattersPage = lazyPage(() => import('@/pages/portal/service-matters/ServiceMattersPage'));
const AchievementListPage = lazyPage(() => import('@/pages/portal/achievement/AchievementListPage'));
const AchievementDetailPage = lazyPage(() => import('@/pages/portal/achievement/AchievementDetailPage'));
const AchievementFormPage = lazyPage(() => import('@/pages/account/achievement/AchievementFormPage'));
// 资讯中心, 资讯详情, the document lists and 帮助中心 (modules/content).
const InformationCentrePage = lazyPage(() => import('@/pages/portal/content/InformationCentrePage'));
const InformationDetailPage = lazyPage(() => import('@/pages/portal/content/InformationDetailPage'));
const DocumentPage = lazyPage(() => import('@/pages/portal/content/DocumentPage'));
const HelpCentrePage = lazyPage(() => import('@/pages/portal/content/HelpCentrePage'));
const QuestionnaireListPage = lazyPage(() => import('@/pages/portal/questionnaire/QuestionnaireListPage'));
const QuestionnaireAnswerPage = lazyPage(() => import('@/pages/portal/questionnaire/QuestionnaireAnswerPage'));
const InteractionPage = lazyPage(() => import('@/pages/portal/interaction/InteractionPage'));
// 功能导航 and its embed page (modules/navigation).
const FunctionNavigationPage = lazyPage(() => import('@/pages/portal/navigation/FunctionNavigationPage'));
const EmbedPage = lazyPage(() => import('@/pages/portal/navigation/EmbedPage'));
// 个人中心: in the portal's frame, for signed-in users only (the guard below sends visitors to sign in).
const PersonalCentrePage = lazyPage(() => import('@/pages/account/personal-centre/PersonalCentrePage'));

const portalPages: RouteObject[] = [
  { path: Constants.portalHomePath, element: <PortalHome /> },
  { path: '/catalogue/datacatalogue', element: <CataloguePage /> },
  { path: '/catalogue/datacatalogue/details', element: <CatalogueDetailPage /> },
  { path: '/openPlatform/search', element: <SearchPage /> },
  { path: '/openStatistics/openTable', element: <OpenStatsPage /> },
  { path: '/service/matters', element: <ServiceMattersPage /> },
  { path: PERSONAL_CENTRE_PATH, element: <PersonalCentrePage /> },
  { path: '/service/serviceitem', element: <AchievementListPage /> },
  { path: '/s', element: <Navigate to="/service/serviceitem" replace /> },
  { path: '/service/serviceitem/serviceDetails', element: <AchievementDetailPage /> },
  { path: '/personalCenter/personalAdd', element: <AchievementFormPage /> },
  { path: '/system/helpdocument', element: <InformationCentrePage /> },
  { path: '/openPlatform/JournalismDet', element: <InformationDetailPage /> },
  { path: '/system/policyrule', element: <DocumentPage /> },
  { path: '/system/datastandard', element: <DocumentPage /> },
  { path: '/helpCenter/problemManual', element: <HelpCentrePage /> },
  { path: '/communication/questionnaire', element: <QuestionnaireListPage /> },
  { path: '/communication/questionnaire/answer', element: <QuestionnaireAnswerPage /> },
  { path: '/communication/interaction', element: <InteractionPage /> },
  { path: '/system/FunctionNavigation', element: <FunctionNavigationPage /> },
  { path: '/system/EmbedPage', element: <EmbedPage /> },
  { path: '/result/success', element: <ResultPage kind="success" /> },
  { path: '/result/error', element: <ResultPage kind="error" /> },
];

const LOGIN_PATHS = ['/user/login', '/user/login1', '/login'];
const publicPaths = new Set<string>([
  ...PUBLIC_ROUTES,
  ...Object.keys(ACCOUNT_PAGES),
  '/',
  '/Home',
  '/result/success',
  '/result/error',
]);

/** Back-office routes from the server's menu; the landing page is there for every signed-in user. */
function backOfficeRoutes(menu: MenuItem[] | undefined): RouteObject[] {
  const routes: RouteObject[] = [];
  for (const route of menuRoutes(menu ?? [])) {
    const Page = resolvePage(route.component);
    if (Page) routes.push({ path: route.path, element: <Page /> });
  }
  if (!routes.some((r) => r.path === Constants.homePath)) {
    const Home = pageRegistry['admin/PageHome'];
    routes.unshift({ path: Constants.homePath, element: <Home /> });
  }
  routes.push({ path: '/test/home', element: <SelfCheckPage /> });
  return routes;
}

/** Spec §4: a permission list that cannot be loaded ends the session; the guard then sends the user home. */
function EndSession() {
  useEffect(dropSession, []);
  return <PageLoading />;
}

export function AppRoutes() {
  const { pathname, search } = useLocation();
  const { token } = useSession();
  const permission = usePermission();
  const backOffice = useMemo(() => backOfficeRoutes(permission.data?.menu), [permission.data]);

  const element = useRoutes([
    // Spec §2.2: `/` is the dashboard's address and goes on to /Home, which opens the default home —
    // the back office's landing for a signed-in user, the portal's home for a visitor.
    { path: '/', element: <Navigate to="/Home" replace /> },
    { path: '/Home', element: <Navigate to={token ? Constants.homePath : Constants.portalHomePath} replace /> },
    { element: <PortalLayout />, children: portalPages },
    ...LOGIN_PATHS.map((path) => ({ path, element: <LoginPage /> })),
    { path: '/sso-login', element: <SsoLoginPage /> },
    { path: '/sgSso', element: <SgSsoPage /> },
    ...SCREEN_ROUTES,
    ...Object.entries(ACCOUNT_PAGES).map(([path, Page]) => ({ path, element: <Page /> })),
    // The spec's user pages (§2.2) are the personal centre's: 用户详情 its 基本信息, 用户页 the centre itself.
    ...(token
      ? [
          { path: '/UserDetails', element: <Navigate to={centrePath('info')} replace /> },
          { path: '/pageUser/PageUser', element: <Navigate to={PERSONAL_CENTRE_PATH} replace /> },
        ]
      : []),
    ...(['403', '404', '500'] as const).map((status) => ({
      path: `/${status}`,
      element: <ErrorPage status={status} />,
    })),
    ...(token && permission.data ? [{ element: <AdminLayout />, children: backOffice }] : []),
    { path: '*', element: <Navigate to="/404" replace /> },
  ]);

  const isPublic = publicPaths.has(pathname) || isPortalAddress(pathname);
  if (!token && !isPublic) {
    const redirect = encodeURIComponent(pathname + search);
    return <Navigate to={`${Constants.portalHomePath}?redirect=${redirect}`} replace />;
  }
  if (token && permission.isError) return <EndSession />;
  if (token && !permission.data && !isPublic) return <PageLoading />;

  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}>{element}</Suspense>
    </ErrorBoundary>
  );
}
