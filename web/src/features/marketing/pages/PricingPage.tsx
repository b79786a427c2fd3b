import { Link } from 'react-router';
import { PLANS } from '@cg/shared/plans';
import { TEXT } from '@cg/shared/texts';
import { Faq, MarketingLayout } from '../components/Layout';
import { PlanCard } from '../components/PlanCard';
import { usePageMeta } from '../usePageMeta';

const brands = PLANS.map((p) => `${p.name} ${p.brandLimit === null ? 'unlimited' : p.brandLimit}`).join(', ');
const quota = (id: string) => PLANS.find((p) => p.id === id)?.monthlyAnalysisQuota?.toLocaleString('en-US') ?? '';

export default function PricingPage() {
  usePageMeta({
    title: 'Pricing | Pagewarden',
    description: 'Simple monthly plans for AI comment moderation on Facebook and Instagram: Starter, Growth and Ultimate. No setup fees, cancel anytime.',
    keywords: 'comment moderation pricing, social media moderation plans, pagewarden pricing',
    path: '/pricing',
  });
  return (
    <MarketingLayout>
      <section className="mk-page-hero">
        <div className="mk-container">
          <span className="mk-eyebrow">Pricing</span>
          <h1>Simple, transparent pricing</h1>
          <p>Choose the plan that fits the number of brands you manage. Every plan includes AI comment analysis and human approval.</p>
        </div>
      </section>
      <section className="mk-section" style={{ paddingTop: 40 }} aria-label="Plans">
        <div className="mk-container">
          <div className="mk-plans">
            {PLANS.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                action={
                  <Link className={`mk-btn mk-btn--block ${plan.popular ? 'mk-btn--primary' : 'mk-btn--secondary'}`} to={`/subscribe?plan=${plan.id}`} aria-label={`Get started with ${plan.name}`}>
                    Get Started
                  </Link>
                }
              />
            ))}
          </div>
          <p className="mk-note">{TEXT.subscribeNote}</p>
          <p className="mk-note" style={{ marginTop: 8 }}>
            Prices in USD per month. Compare every feature on the <Link to="/features">Features</Link> page.
          </p>
        </div>
      </section>
      <Faq
        items={[
          { q: 'Is there a setup fee?', a: 'No. There are no setup fees on any plan: you pay only the monthly price of your plan.' },
          { q: 'How does billing work?', a: 'Plans are billed monthly by card through our payment provider. Your subscription renews each month until you cancel.' },
          {
            q: 'Can I cancel anytime?',
            a: (
              <p>
                Yes. Cancel from your dashboard under subscription settings. Your plan stays active until the end of the current billing period and is not renewed.
                Payments already made are not refunded; see our <Link to="/refund">Refund Policy</Link>.
              </p>
            ),
          },
          { q: 'Can I change plans later?', a: 'Yes. Upgrades take effect immediately, and the price difference for the rest of the billing period is prorated. To move to a smaller plan, contact support.' },
          { q: 'What counts as a brand?', a: `A brand covers the Facebook page and the Instagram account of one business. Brands included: ${brands}.` },
          {
            q: 'Is there a limit on comments?',
            a: `Starter analyses up to ${quota('starter')} comments a month and Growth up to ${quota('growth')}; Ultimate has no limit. If you reach your quota, analysis pauses and your comments wait safely until you upgrade or the next month begins.`,
          },
        ]}
      />
    </MarketingLayout>
  );
}
