import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { useAuth } from '../lib/auth';
import { FullPageLoader, PageLoader } from '../components/ui/FullPageLoader';
import { marketingRoutes } from '../features/marketing/routes';
import { NotFound } from './NotFound';

const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const InvitePage = lazy(() => import('../features/auth/InvitePage'));
const AppLayout = lazy(() => import('../features/layout/AppLayout'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const AnalyticsPage = lazy(() => import('../features/analytics/AnalyticsPage'));
const CommentsPage = lazy(() => import('../features/comments/CommentsPage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const RulesPage = lazy(() => import('../features/rules/RulesPage'));
const ReportsPage = lazy(() => import('../features/reports/ReportsPage'));
const DevelopersPage = lazy(() => import('../features/developers/DevelopersPage'));
const IncidentsPage = lazy(() => import('../features/incidents/IncidentsPage'));
const IncidentPage = lazy(() => import('../features/incidents/IncidentPage'));

interface PublicRoute {
  path: string;
  element?: ReactNode;
  Component?: ComponentType;
}

function elementOf(r: PublicRoute): ReactNode {
  if (r.element !== undefined) return r.element;
  const C = r.Component;
  return C ? <C /> : null;
}

const publicRoutes = marketingRoutes as ReadonlyArray<PublicRoute>;
const landing = publicRoutes.find((r) => r.path === '/');
const otherPublic = publicRoutes.filter((r) => r.path !== '/');

/** `/` and the signed-in screens: spinner while the session loads, landing or /login when signed out. */
function SignedInShell() {
  const { user, isLoading } = useAuth();
  const { pathname } = useLocation();
  if (isLoading) return <FullPageLoader />;
  if (!user) {
    if (pathname === '/' && landing) return <Suspense fallback={<FullPageLoader />}>{elementOf(landing)}</Suspense>;
    return <Navigate to="/login" replace />;
  }
  return (
    <Suspense fallback={<FullPageLoader />}>
      <AppLayout>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppLayout>
    </Suspense>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<Suspense fallback={<FullPageLoader />}><LoginPage /></Suspense>} />
      <Route path="/register" element={<Suspense fallback={<FullPageLoader />}><RegisterPage /></Suspense>} />
      <Route path="/forgot-password" element={<Suspense fallback={<FullPageLoader />}><ForgotPasswordPage /></Suspense>} />
      <Route path="/invite" element={<Suspense fallback={<FullPageLoader />}><InvitePage /></Suspense>} />
      {otherPublic.map((r) => (
        <Route key={r.path} path={r.path} element={<Suspense fallback={<FullPageLoader />}>{elementOf(r)}</Suspense>} />
      ))}
      <Route path="/" element={<SignedInShell />}>
        <Route index element={<DashboardPage />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="analytics" element={<AnalyticsPage />} />
        <Route path="comments" element={<CommentsPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="rules" element={<RulesPage />} />
        <Route path="incidents" element={<IncidentsPage />} />
        <Route path="incidents/:id" element={<IncidentPage />} />
        <Route path="reports" element={<ReportsPage />} />
        <Route path="developers" element={<DevelopersPage />} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
