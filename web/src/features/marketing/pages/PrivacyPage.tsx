import { SUPPORT_EMAIL } from '../site';
import { LegalPage } from './LegalPage';

export default function PrivacyPage() {
  return (
    <LegalPage
      meta={{ title: 'Privacy Policy | Pagewarden', description: 'How Pagewarden collects, uses, shares and protects your information, and how to access, export or delete it.', path: '/privacy' }}
      title="Privacy Policy"
      updated="June 1, 2025"
    >
      <p>
        This Privacy Policy explains how Pagewarden ("we", "us") handles information when you use our website and our comment moderation service.
      </p>
      <h2>1. Information We Collect</h2>
      <ul>
        <li><strong>Account information:</strong> your name, email address and password (stored by our identity provider, never in plain text).</li>
        <li><strong>Connected account data:</strong> when you connect Facebook and Instagram, we receive access tokens and the names and identifiers of your pages and accounts, and we fetch the comments on your posts and ads, including the commenter's public name and identifier.</li>
        <li><strong>Moderation data:</strong> the AI's analysis of each comment (sentiment, spam, offensiveness, decision, suggested reply) and the actions your team takes.</li>
        <li><strong>Billing information:</strong> your plan and subscription status. Card details are handled by our payment provider and never reach our servers.</li>
        <li><strong>Technical data:</strong> cookies needed to keep you signed in, and basic logs for security and troubleshooting.</li>
      </ul>
      <h2>2. How We Use Your Information</h2>
      <p>
        We use your information to provide the service: to fetch and analyse comments, propose moderation decisions and replies, carry out the actions you
        approve on the platforms, show your statistics and analytics, manage your subscription, and contact you about your account. We do not sell your
        information, and we do not use your comments to advertise to you.
      </p>
      <h2>3. Information Sharing</h2>
      <p>
        We share information only as needed to run the service: with the platforms you connect (to post replies, hide or delete comments), with the service
        providers listed below, and when required by law. We never sell personal information.
      </p>
      <h2>4. Data Security</h2>
      <p>
        Data is encrypted in transit and at rest. Platform access tokens are stored encrypted, sessions use secure, HTTP-only cookies, and access to your data is
        limited to your account. No system is perfectly secure, but we work to protect your information and will notify you of any breach as required by law.
      </p>
      <h2>5. Third-Party Services</h2>
      <p>We rely on a small number of providers, each bound by its own privacy terms:</p>
      <ul>
        <li><strong>Meta (Facebook and Instagram)</strong> for the connected accounts and their comments.</li>
        <li><strong>Our payment provider</strong> for card payments and subscriptions.</li>
        <li><strong>Cloud hosting</strong> for running the service and storing data.</li>
        <li><strong>An AI provider</strong>, when enabled, to analyse comment text.</li>
      </ul>
      <h2>6. Your Rights</h2>
      <p>You can at any time:</p>
      <ul>
        <li><strong>Access and update</strong> your profile information in Settings.</li>
        <li><strong>Export</strong> your data from Settings.</li>
        <li><strong>Delete</strong> your account and its data from Settings, or disconnect a social account at any time. If you remove our app from your Facebook settings, Meta notifies us and we delete the data we received through it.</li>
        <li><strong>Opt out</strong> of non-essential emails, and withdraw the platform permissions you granted.</li>
      </ul>
      <p>You can also exercise these rights by writing to us at the address below.</p>
      <h2>7. Contact Us</h2>
      <p>
        Questions about this policy or your data? Email us at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </LegalPage>
  );
}
