/** The subscription plans, declared once (design D11: the Pricing page figures are the truth everywhere). */
import type { PlanId } from './status.js';

export interface Plan {
  id: PlanId;
  name: string;
  /** USD per month. */
  price: number;
  /** Logical price id; mapped to a real Stripe price id by configuration (STRIPE_PRICE_*). */
  priceId: string;
  description: string;
  features: string[];
  popular: boolean;
  /** Brands (one Facebook page + its Instagram account each); null = unlimited. */
  brandLimit: number | null;
  /** Comments analysed per calendar month; null = unlimited. */
  monthlyAnalysisQuota: number | null;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'starter', name: 'Starter', price: 8.99, priceId: 'price_starter',
    description: 'For a single brand getting started with AI moderation',
    features: ['1 brand', 'AI analysis and suggested replies', 'Email support'],
    popular: false, brandLimit: 1, monthlyAnalysisQuota: 5_000,
  },
  {
    id: 'growth', name: 'Growth', price: 14.99, priceId: 'price_growth',
    description: 'For growing businesses with several brands',
    features: ['3 brands', 'More comments analysed a month', 'Real-time analytics dashboard', 'Multi-language queue', 'Priority support'],
    popular: true, brandLimit: 3, monthlyAnalysisQuota: 50_000,
  },
  {
    id: 'ultimate', name: 'Ultimate', price: 29.99, priceId: 'price_ultimate',
    description: 'For agencies and large teams',
    features: ['Unlimited brands', 'Unlimited analysis', 'API access and outgoing webhooks', 'White-label reports', 'Dedicated support'],
    popular: false, brandLimit: null, monthlyAnalysisQuota: null,
  },
];

export function planById(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`unknown plan ${id}`);
  return plan;
}

export function planByPriceId(priceId: string): Plan | undefined {
  return PLANS.find((p) => p.priceId === priceId);
}

/** Plans a user on `current` may move to (no downgrades are offered, spec section 4). */
export function upgradesFrom(current: PlanId): Plan[] {
  const rank = PLANS.findIndex((p) => p.id === current);
  return PLANS.slice(rank + 1);
}

/**
 * Plan-gated features, declared once (issue 11, item 10): the first plan that has each. The server
 * refuses a gated call with featureRefusal's 403 naming the plan; the comparison table reads the same.
 */
export const PLAN_FEATURES = {
  /** API keys (Bearer) and outgoing webhooks: /api/api-keys, /api/webhooks, any key-authenticated call. */
  api: { label: 'API access and outgoing webhooks', minPlan: 'ultimate' },
  /**
   * Report files carry only the workspace's name and logo, nothing of ours (the PDF's text and metadata,
   * the XLSX's title and author); elsewhere our name heads them beside the workspace's logo.
   */
  whiteLabel: { label: 'White-label reports (only your name and logo)', minPlan: 'ultimate' },
  /** Filtering the queue and bulk actions by the comment's language (the `language` filter). */
  multiLanguage: { label: 'Multi-language queue (filter and act by language)', minPlan: 'growth' },
  /**
   * The Analytics dashboard kept current by live updates as comments arrive and are decided. The
   * dashboard itself (GET /api/analytics) is on every plan (spec: every signed-in user reaches it);
   * on Starter it shows the figures as of when it was opened. Enforced by the server: only on a plan with
   * it do live messages tell the app to refresh the dashboard (`analytics` on the WebSocket message,
   * functions/src/domain/live-analytics.ts).
   */
  realtimeAnalytics: { label: 'Real-time analytics (the dashboard updates live)', minPlan: 'growth' },
} as const satisfies Record<string, { label: string; minPlan: PlanId }>;
export type PlanFeature = keyof typeof PLAN_FEATURES;

const rankOf = (id: PlanId) => PLANS.findIndex((p) => p.id === id);

export function planHasFeature(plan: PlanId, feature: PlanFeature): boolean {
  return rankOf(plan) >= rankOf(PLAN_FEATURES[feature].minPlan);
}

/** The plans that have a feature, for messages: "Ultimate" or "Growth and Ultimate". */
export function plansWithFeature(feature: PlanFeature): string {
  const names = PLANS.filter((p) => planHasFeature(p.id, feature)).map((p) => p.name);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The 403 message for a gated feature: names the plan that has it and the workspace's plan. */
export function featureRefusal(plan: PlanId, feature: PlanFeature): string {
  const f = PLAN_FEATURES[feature];
  const on = plansWithFeature(feature);
  return `${f.label} is included in the ${on} plan${on.includes(' and ') ? 's' : ''}; this workspace is on ${planById(plan).name}. Upgrade to ${planById(f.minPlan).name} to use it.`;
}

const gatedRow = (feature: PlanFeature): { feature: string; values: [string, string, string] } => ({
  feature: PLAN_FEATURES[feature].label,
  values: PLANS.map((p) => (planHasFeature(p.id, feature) ? '✓' : '—')) as [string, string, string],
});

/**
 * Feature comparison table (spec section 3), listing only what the product does: the gated rows come
 * from PLAN_FEATURES (enforced by the server), the rest is the same on every plan or a plan limit.
 */
export const FEATURE_COMPARISON: ReadonlyArray<{ feature: string; values: [string, string, string] }> = [
  { feature: 'Social media brands', values: PLANS.map((p) => (p.brandLimit === null ? 'Unlimited' : String(p.brandLimit))) as [string, string, string] },
  { feature: 'Comments analysed per month', values: PLANS.map((p) => (p.monthlyAnalysisQuota === null ? 'Unlimited' : p.monthlyAnalysisQuota.toLocaleString('en-US'))) as [string, string, string] },
  { feature: 'AI comment analysis', values: ['✓', '✓', '✓'] },
  { feature: 'Suggested replies', values: ['✓', '✓', '✓'] },
  { feature: 'Scheduled automation per brand (daily, several times a day, weekdays or weekends, in its time zone)', values: ['✓', '✓', '✓'] },
  { feature: 'Reports as CSV, Excel and PDF with your logo; weekly by mail', values: ['✓', '✓', '✓'] },
  gatedRow('multiLanguage'),
  gatedRow('realtimeAnalytics'),
  gatedRow('api'),
  gatedRow('whiteLabel'),
];
