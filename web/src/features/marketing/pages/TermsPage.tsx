import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../site';
import { LegalPage } from './LegalPage';

export default function TermsPage() {
  return (
    <LegalPage
      meta={{ title: 'Terms of Service | Pagewarden', description: 'The terms that apply to your use of Pagewarden, the AI comment moderation service for Facebook and Instagram.', path: '/terms' }}
      title="Terms of Service"
      updated="June 1, 2025"
    >
      <h2>1. Acceptance of Terms</h2>
      <p>
        By creating an account or using Pagewarden, you agree to these Terms of Service and to our <Link to="/privacy">Privacy Policy</Link> and{' '}
        <Link to="/refund">Refund Policy</Link>. If you use the service on behalf of a business, you confirm that you may accept these terms for it.
      </p>
      <h2>2. Description of Service</h2>
      <p>
        Pagewarden is an AI comment management service for Facebook pages, Instagram accounts and ads, including dark-post ad comments. It analyses
        comments for sentiment, spam and offensiveness, proposes a decision (reply, delete, hide or ignore) with an optional suggested reply, and lets a
        human moderator approve, edit or override each decision. The service is sold as monthly subscription plans, billed by card.
      </p>
      <h2>3. User Responsibilities</h2>
      <ul>
        <li>Keep your login details confidential and tell us about any unauthorised use of your account.</li>
        <li>Connect only pages and accounts you are authorised to manage, and comply with the Meta platform terms.</li>
        <li>Review AI decisions and suggested replies before approving them: you remain responsible for what is published, hidden or deleted on your accounts.</li>
        <li>Do not use the service to harass people, send spam or break the law.</li>
      </ul>
      <h2>4. Contact Information</h2>
      <p>
        Questions about these terms? Email us at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </LegalPage>
  );
}
