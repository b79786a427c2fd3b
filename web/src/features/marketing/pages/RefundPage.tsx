import { SUPPORT_EMAIL } from '../site';
import { LegalPage } from './LegalPage';

export default function RefundPage() {
  return (
    <LegalPage
      meta={{ title: 'Refund Policy | Pagewarden', description: 'Pagewarden subscriptions are not refunded; cancel anytime and keep the service until the end of your billing period.', path: '/refund' }}
      title="Refund Policy"
      updated="June 1, 2025"
    >
      <h2>No Refunds</h2>
      <p>
        Pagewarden subscriptions are billed monthly in advance. All payments are final: we do not offer refunds or credits for partial months, unused
        time, or plans you did not use.
      </p>
      <h2>How to Cancel</h2>
      <p>You can cancel your subscription at any time:</p>
      <ol>
        <li>Sign in and open your dashboard.</li>
        <li>Go to your subscription settings.</li>
        <li>Click <strong>Cancel Subscription</strong>.</li>
      </ol>
      <p>
        Cancellation takes effect at the end of your current billing period. Until then your plan stays fully active, and you will not be charged again.
      </p>
      <h2>Exceptional Cases</h2>
      <p>
        In exceptional circumstances, such as an extended service outage on our side, we may consider a service credit at our discretion. Service credits
        are applied to future billing and are not paid out as cash.
      </p>
      <h2>Billing Disputes</h2>
      <p>
        If you believe you were charged in error, contact our support team at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> before
        disputing the charge with your bank. We will look into it and reply promptly.
      </p>
    </LegalPage>
  );
}
