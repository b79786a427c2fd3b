/**
 * /subscribe (public): plan list → payment step (spec sections 2, 4, 8; design D8, D11).
 * Signed out → /register?plan=<id> (the register screen returns here with ?plan=, which pre-selects
 * the plan). Signed in: without payment keys the plan changes through PUT /api/subscription; with
 * keys POST /api/create-subscription gives a clientSecret for the card payment step.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PLANS, type Plan } from '@cg/shared/plans';
import type { PlanId } from '@cg/shared/status';
import { TEXT } from '@cg/shared/texts';
import { MarketingLayout } from '../marketing/components/Layout';
import { PlanCard } from '../marketing/components/PlanCard';
import { formatPrice } from '../marketing/site';
import { usePageMeta } from '../marketing/usePageMeta';
import { createSubscription, fetchBillingConfig, fetchCurrentUser, serverMessage, updateSubscription } from './api';
import { Notice, type NoticeData } from './Notice';

const PaymentForm = lazy(() => import('./PaymentForm'));

export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured in this environment. Your plan changes immediately without a payment step.';
const REDIRECT_DELAY_MS = 2000;

type Step =
  | { kind: 'plans' }
  /** No payment keys: the plan changes through the same API (design D8). */
  | { kind: 'direct'; plan: Plan }
  /** An active paid subscription: upgrade with proration, no new card needed. */
  | { kind: 'upgrade'; plan: Plan }
  | { kind: 'payment'; plan: Plan; clientSecret: string; publishableKey: string }
  | { kind: 'done'; plan: Plan };

const rank = (id: PlanId) => PLANS.findIndex((p) => p.id === id);
const isPlanId = (v: string | null): v is PlanId => PLANS.some((p) => p.id === v);

export default function SubscribePage() {
  usePageMeta({
    title: 'Subscribe | Pagewarden',
    description: 'Choose your Pagewarden plan: Starter, Growth or Ultimate. No setup fees, cancel anytime.',
    path: '/subscribe',
  });
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryPlan = params.get('plan');
  const [selected, setSelected] = useState<PlanId | null>(isPlanId(queryPlan) ? queryPlan : null);
  const [step, setStep] = useState<Step>({ kind: 'plans' });
  const [busyPlan, setBusyPlan] = useState<PlanId | null>(null);
  const [applying, setApplying] = useState(false);
  const [notice, setNotice] = useState<NoticeData | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (isPlanId(queryPlan)) setSelected(queryPlan);
  }, [queryPlan]);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);
  // Move focus to the new heading when the step changes (screen readers and keyboard users follow along).
  useEffect(() => {
    if (step.kind !== 'plans') headingRef.current?.focus();
  }, [step.kind]);

  function succeed(plan: Plan) {
    setStep({ kind: 'done', plan });
    setNotice({ kind: 'success', title: TEXT.subscriptionSuccessTitle, message: TEXT.subscriptionSuccess(plan.name) });
    redirectTimer.current = window.setTimeout(() => navigate('/dashboard'), REDIRECT_DELAY_MS);
  }

  function createFailed() {
    setStep({ kind: 'plans' });
    setNotice({ kind: 'error', title: 'Error', message: TEXT.createSubscriptionFailed });
  }

  async function choose(plan: Plan) {
    if (busyPlan) return;
    setSelected(plan.id);
    setNotice(null);
    setBusyPlan(plan.id);
    try {
      const user = await fetchCurrentUser();
      if (!user) {
        navigate(`/register?plan=${plan.id}`);
        return;
      }
      const { publishableKey } = await fetchBillingConfig();
      const paid = user.subscriptionStatus === 'active' || user.subscriptionStatus === 'past_due';
      const current = PLANS.find((p) => p.id === user.subscriptionPlan);
      if ((publishableKey === null || paid) && current) {
        if (current.id === plan.id) {
          setNotice({ kind: 'info', title: `You're already on the ${plan.name} plan`, message: <p>Nothing to change. <Link to="/dashboard">Go to your dashboard</Link>.</p> });
          return;
        }
        if (rank(plan.id) < rank(current.id)) {
          setNotice({
            kind: 'info',
            title: `Your current plan is ${current.name}`,
            message: <p>Moving to a smaller plan isn't available in the app. Contact support if you need to change to {plan.name}.</p>,
          });
          return;
        }
      }
      if (publishableKey === null) {
        setStep({ kind: 'direct', plan });
        return;
      }
      if (paid) {
        setStep({ kind: 'upgrade', plan });
        return;
      }
      const res = await createSubscription(plan.priceId);
      const clientSecret = res?.clientSecret;
      if (!clientSecret) {
        createFailed();
        return;
      }
      setStep({ kind: 'payment', plan, clientSecret, publishableKey });
    } catch {
      createFailed();
    } finally {
      setBusyPlan(null);
    }
  }

  async function applyPlan(plan: Plan) {
    setApplying(true);
    setNotice(null);
    try {
      await updateSubscription(plan.id);
      succeed(plan);
    } catch (err) {
      const detail = serverMessage(err);
      setNotice({ kind: 'error', title: 'Error', message: <><p>{TEXT.subscriptionUpdateFailed}</p>{detail && <p>{detail}</p>}</> });
    } finally {
      setApplying(false);
    }
  }

  function backToPlans() {
    setStep({ kind: 'plans' });
    setNotice(null);
  }

  const noticeEl = notice && <Notice notice={notice} onClose={step.kind === 'done' ? undefined : () => setNotice(null)} />;

  if (step.kind !== 'plans') {
    const { plan } = step;
    return (
      <MarketingLayout>
        <section className="mk-section mk-pay-section">
          <div className="mk-container">
            <div className="mk-pay">
              <h1 ref={headingRef} tabIndex={-1}>Complete Your Subscription</h1>
              <div className="mk-pay__summary">
                <span><strong>{plan.name}</strong> plan</span>
                <span><strong>{formatPrice(plan.price)}</strong>/month</span>
              </div>
              {noticeEl}
              {step.kind === 'direct' && (
                <>
                  <Notice notice={{ kind: 'warning', title: 'No payment step', message: PAYMENTS_NOT_CONFIGURED }} />
                  <div className="mk-pay__actions">
                    <button type="button" className="mk-btn mk-btn--primary mk-btn--lg" onClick={() => applyPlan(plan)} disabled={applying}>
                      {applying ? 'Processing...' : `Switch to ${plan.name}`}
                    </button>
                    <button type="button" className="mk-btn mk-btn--secondary mk-btn--lg" onClick={backToPlans} disabled={applying}>Choose a different plan</button>
                  </div>
                </>
              )}
              {step.kind === 'upgrade' && (
                <>
                  <p>Your upgrade takes effect immediately. The price difference for the rest of this billing period is charged to the card on file.</p>
                  <div className="mk-pay__actions">
                    <button type="button" className="mk-btn mk-btn--primary mk-btn--lg" onClick={() => applyPlan(plan)} disabled={applying}>
                      {applying ? 'Processing...' : `Upgrade to ${plan.name}`}
                    </button>
                    <button type="button" className="mk-btn mk-btn--secondary mk-btn--lg" onClick={backToPlans} disabled={applying}>Choose a different plan</button>
                  </div>
                </>
              )}
              {step.kind === 'payment' && (
                <Suspense fallback={<p role="status">Loading payment form...</p>}>
                  <PaymentForm
                    publishableKey={step.publishableKey}
                    clientSecret={step.clientSecret}
                    planName={plan.name}
                    onSuccess={() => succeed(plan)}
                    onError={(message) => setNotice({ kind: 'error', title: TEXT.paymentFailedTitle, message })}
                    onLoadError={() => setNotice({ kind: 'error', title: 'Payment form unavailable', message: 'The payment form could not be loaded. Check your connection and try again.' })}
                    onCancel={backToPlans}
                  />
                </Suspense>
              )}
              {step.kind === 'done' && (
                <p>
                  <Link to="/dashboard">Go to your dashboard now</Link>
                </p>
              )}
            </div>
          </div>
        </section>
      </MarketingLayout>
    );
  }

  return (
    <MarketingLayout>
      <section className="mk-page-hero">
        <div className="mk-container">
          <span className="mk-eyebrow">Subscribe</span>
          <h1>Choose Your Plan</h1>
          <p>Pick the plan that fits your brands. You can upgrade at any time.</p>
        </div>
      </section>
      <section className="mk-section" style={{ paddingTop: 36 }} aria-label="Plans">
        <div className="mk-container">
          {noticeEl}
          <div className="mk-plans">
            {PLANS.map((plan) => {
              const isSelected = selected === plan.id;
              const busy = busyPlan === plan.id;
              return (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  selected={isSelected}
                  action={
                    <button
                      type="button"
                      className={`mk-btn mk-btn--block mk-btn--lg ${plan.popular || isSelected ? 'mk-btn--primary' : 'mk-btn--secondary'}`}
                      onClick={() => choose(plan)}
                      disabled={busyPlan !== null}
                    >
                      {busy ? 'Processing...' : isSelected ? `Continue with ${plan.name}` : `Choose ${plan.name}`}
                    </button>
                  }
                />
              );
            })}
          </div>
          <p className="mk-note">{TEXT.subscribeNote}</p>
        </div>
      </section>
    </MarketingLayout>
  );
}
