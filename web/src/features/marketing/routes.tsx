/**
 * Public site routes (spec section 2). Every page is its own lazily loaded chunk, so the landing
 * page loads only its own code (route-level code splitting).
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

function PageFallback() {
  return (
    <div role="status" style={{ minHeight: '60vh', display: 'grid', placeItems: 'center', fontFamily: 'system-ui, sans-serif', color: '#475569' }}>
      Loading...
    </div>
  );
}

function page(Component: LazyExoticComponent<ComponentType>): ReactNode {
  return (
    <Suspense fallback={<PageFallback />}>
      <Component />
    </Suspense>
  );
}

const LandingPage = lazy(() => import('./pages/LandingPage'));
const UseCasesPage = lazy(() => import('./pages/UseCasesPage'));
const PricingPage = lazy(() => import('./pages/PricingPage'));
const FeaturesPage = lazy(() => import('./pages/FeaturesPage'));
const PrivacyPage = lazy(() => import('./pages/PrivacyPage'));
const TermsPage = lazy(() => import('./pages/TermsPage'));
const RefundPage = lazy(() => import('./pages/RefundPage'));
const SubscribePage = lazy(() => import('../subscribe/SubscribePage'));
const FacebookDarkPostComments = lazy(() => import('./usecases/FacebookDarkPostComments'));
const AiCommentsRepliers = lazy(() => import('./usecases/AiCommentsRepliers'));
const AutoFlowSchedule = lazy(() => import('./usecases/AutoFlowSchedule'));
const ReportsDashboard = lazy(() => import('./usecases/ReportsDashboard'));
const HumanModeratorBurnout = lazy(() => import('./usecases/HumanModeratorBurnout'));
const MissedPresaleQuestions = lazy(() => import('./usecases/MissedPresaleQuestions'));
const TrollInvasions = lazy(() => import('./usecases/TrollInvasions'));

/** '/' is the landing page: the app router renders it when the visitor is signed out. */
export const marketingRoutes: { path: string; element: ReactNode }[] = [
  { path: '/', element: page(LandingPage) },
  { path: '/use-cases', element: page(UseCasesPage) },
  { path: '/pricing', element: page(PricingPage) },
  { path: '/features', element: page(FeaturesPage) },
  { path: '/subscribe', element: page(SubscribePage) },
  { path: '/privacy', element: page(PrivacyPage) },
  { path: '/terms', element: page(TermsPage) },
  { path: '/refund', element: page(RefundPage) },
  { path: '/facebook-dark-post-comments', element: page(FacebookDarkPostComments) },
  { path: '/ai-comments-repliers', element: page(AiCommentsRepliers) },
  { path: '/auto-flow-schedule', element: page(AutoFlowSchedule) },
  { path: '/reports-dashboard', element: page(ReportsDashboard) },
  { path: '/human-moderator-burnout', element: page(HumanModeratorBurnout) },
  { path: '/missed-presale-questions', element: page(MissedPresaleQuestions) },
  { path: '/troll-invasions', element: page(TrollInvasions) },
];

/** Lets the app router warm the landing chunk early (e.g. while the auth check runs). */
export const preloadLanding = () => import('./pages/LandingPage');
