import { Link } from 'react-router';
import { ComparisonTable } from '../components/ComparisonTable';
import { IconTile, type IconName } from '../components/Icon';
import { MarketingLayout } from '../components/Layout';
import { LOGIN_HREF } from '../site';
import { usePageMeta } from '../usePageMeta';

interface Feature { icon: IconName; title: string; text: string }

const CORE: Feature[] = [
  { icon: 'heart', title: 'Sentiment Analysis', text: 'Every comment is classified as positive, negative or neutral, so you see at once who is happy and who needs attention.' },
  { icon: 'flag', title: 'Spam Detection', text: 'Link spam, fake offers and bot comments are recognised and proposed for deletion or hiding.' },
  { icon: 'shield', title: 'Offensive Content Detection', text: 'Hateful, abusive and inflammatory comments are labelled before a moderator has to read them.' },
  { icon: 'bolt', title: 'AI Decisions with Reasoning', text: 'For each comment the AI proposes reply, delete, hide or ignore, with a short reasoning and a confidence score from 0 to 100.' },
  { icon: 'chat', title: 'Suggested Replies', text: 'Replies are drafted in the commenter\'s language, ready to approve as they are or to edit first.' },
  { icon: 'users', title: 'Human Approval Workflow', text: 'Moderators approve, edit or override every decision. Nothing is posted, hidden or deleted without a human saying so.' },
];

const ANALYTICS: Feature[] = [
  { icon: 'chart', title: 'Analytics Dashboard', text: 'Sentiment distribution, positive and negative shares, and the actions taken: replied, deleted and pending.' },
  { icon: 'eye', title: 'Content Quality Insights', text: 'How much spam was filtered, how much offensive content was detected, and how many comments were clean.' },
  { icon: 'spark', title: 'AI Accuracy You Can Check', text: 'Accuracy is measured as the share of AI decisions your moderators approved unchanged, next to the average AI confidence.' },
];

const ENTERPRISE: Feature[] = [
  { icon: 'globe', title: 'Multi-Brand Management', text: 'Connect the Facebook pages and Instagram accounts of several brands, including comments on ads and dark posts, and moderate them from one queue.' },
  { icon: 'lock', title: 'Security and Data Control', text: 'Secure cookie sessions, encrypted platform tokens, and self-service data export and account deletion from Settings.' },
  { icon: 'clock', title: 'Live and Scheduled Automation', text: 'Scheduled syncs and automatic analysis keep the queue ready, and live updates refresh it as comments and decisions arrive.' },
];

function FeatureSection({ id, title, intro, features, soft }: { id: string; title: string; intro: string; features: Feature[]; soft?: boolean }) {
  return (
    <section className={`mk-section${soft ? ' mk-section--soft' : ''}`} aria-labelledby={id}>
      <div className="mk-container">
        <div className="mk-section__head">
          <h2 id={id}>{title}</h2>
          <p>{intro}</p>
        </div>
        <div className="mk-grid mk-grid--3">
          {features.map((f) => (
            <div className="mk-card" key={f.title}>
              <IconTile name={f.icon} />
              <h3>{f.title}</h3>
              <p>{f.text}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

export default function FeaturesPage() {
  usePageMeta({
    title: 'Features | Pagewarden',
    description: 'AI sentiment, spam and offensive-content detection, suggested replies, a human approval workflow, analytics and multi-brand moderation for Facebook and Instagram.',
    keywords: 'comment moderation features, sentiment analysis, spam detection, AI replies, human approval, comment analytics',
    path: '/features',
  });
  return (
    <MarketingLayout>
      <section className="mk-page-hero">
        <div className="mk-container">
          <span className="mk-eyebrow">Features</span>
          <h1>Everything you need to moderate comments with confidence</h1>
          <p>AI that reads every comment on your Facebook pages, Instagram accounts and ads, and a workflow that keeps your team in charge.</p>
        </div>
      </section>
      <FeatureSection id="core-title" title="Core AI Features" intro="Each comment is analysed, classified and given a proposed decision." features={CORE} />
      <FeatureSection id="analytics-title" title="Analytics & Insights" intro="Understand your audience and measure how well the AI works for your team." features={ANALYTICS} soft />
      <FeatureSection id="enterprise-title" title="Enterprise Ready" intro="Built for agencies and teams that manage more than one brand." features={ENTERPRISE} />
      <section className="mk-section mk-section--soft" aria-labelledby="comparison-title">
        <div className="mk-container">
          <div className="mk-section__head">
            <h2 id="comparison-title">Feature Comparison</h2>
            <p>What each plan includes.</p>
          </div>
          <ComparisonTable />
        </div>
      </section>
      <section className="mk-section" aria-labelledby="cta-title">
        <div className="mk-container">
          <div className="mk-cta">
            <h2 id="cta-title">Ready to moderate smarter?</h2>
            <p>Connect your pages in a few steps and review your first AI decisions today.</p>
            <div className="mk-cta__actions">
              <a className="mk-btn mk-btn--light mk-btn--lg" href={LOGIN_HREF}>Get Started Now</a>
              <Link className="mk-btn mk-btn--outline-light mk-btn--lg" to="/pricing">View Pricing</Link>
            </div>
          </div>
        </div>
      </section>
    </MarketingLayout>
  );
}
