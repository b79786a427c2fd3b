import type { ReactNode } from 'react';
import type { Plan } from '@cg/shared/plans';
import { formatPrice } from '../site';
import { Icon } from './Icon';

/** One plan card; figures come from PLANS (shared), never retyped. */
export function PlanCard({ plan, action, selected = false, headingLevel = 2 }: { plan: Plan; action: ReactNode; selected?: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const cls = ['mk-plan', plan.popular ? 'mk-plan--popular' : '', selected ? 'mk-plan--selected' : ''].filter(Boolean).join(' ');
  return (
    <article className={cls} aria-labelledby={`plan-${plan.id}-name`} data-plan={plan.id}>
      {plan.popular && <span className="mk-plan__badge">Most Popular</span>}
      {selected && !plan.popular && <span className="mk-plan__badge mk-plan__badge--selected">Selected</span>}
      <Heading id={`plan-${plan.id}-name`}>{plan.name}</Heading>
      <p className="mk-plan__desc">{plan.description}</p>
      <p className="mk-plan__price">
        <span className="mk-plan__amount">{formatPrice(plan.price)}</span>
        <span className="mk-plan__period">/month</span>
      </p>
      <ul className="mk-check-list">
        {plan.features.map((f) => (
          <li key={f}>
            <Icon name="check" />
            <span>{f}</span>
          </li>
        ))}
        <li>
          <Icon name="check" />
          <span>
            {plan.monthlyAnalysisQuota === null
              ? 'Unlimited comments analysed'
              : `${plan.monthlyAnalysisQuota.toLocaleString('en-US')} comments analysed / month`}
          </span>
        </li>
      </ul>
      {action}
    </article>
  );
}
