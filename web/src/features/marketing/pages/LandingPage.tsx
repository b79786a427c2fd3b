import { Link } from 'react-router';
import { PLANS } from '@cg/shared/plans';
import { TEXT } from '@cg/shared/texts';
import { Icon, IconTile, type IconName } from '../components/Icon';
import { MarketingLayout } from '../components/Layout';
import { formatPrice } from '../site';
import { usePageMeta } from '../usePageMeta';
import { USE_CASES } from '../usecases/catalog';

const HIGHLIGHTS: { icon: IconName; title: string; text: string }[] = [
  { icon: 'spark', title: 'Every comment analysed', text: 'Sentiment (positive, negative, neutral), spam and offensive content are detected for each comment on your pages, accounts and ads.' },
  { icon: 'chat', title: 'Replies drafted for you', text: 'The AI decides to reply, delete, hide or ignore, explains why, and drafts a reply your team can send with one click.' },
  { icon: 'users', title: 'A human stays in control', text: 'Moderators approve the AI decision, edit the suggested reply or override it. Nothing surprising goes out under your name.' },
  { icon: 'ad', title: 'Ads and dark posts included', text: 'Comments on ads, including dark posts that never appear on your page feed, land in the same queue as your organic posts.' },
  { icon: 'chart', title: 'Analytics that matter', text: 'Sentiment distribution, actions taken, spam filtered and offensive content caught, plus how often your team agrees with the AI.' },
  { icon: 'clock', title: 'Live and scheduled', text: 'New comments and decisions appear on the dashboard as they happen, and scheduled syncs keep the queue ready for your team.' },
];

const AUDIENCES = ['Brand owners', 'Marketing agencies', 'E-commerce stores', 'Financial services', 'SaaS companies', 'Social media and sales teams'];

export default function LandingPage() {
  usePageMeta({
    title: 'Pagewarden: AI comment moderation for Facebook and Instagram',
    description: 'Pagewarden analyses every comment on your Facebook pages, Instagram accounts and ads, drafts replies and removes spam and abuse, with a human moderator approving every decision.',
    keywords: 'comment moderation, facebook comment moderation, instagram comment moderation, ad comments, dark posts, AI replies, spam filter',
    path: '/',
  });
  const from = Math.min(...PLANS.map((p) => p.price));
  return (
    <MarketingLayout variant="landing">
      <section className="mk-hero">
        <div className="mk-container">
          <span className="mk-eyebrow">AI comment moderation for Facebook &amp; Instagram</span>
          <h1>Every comment answered. Every troll handled. You stay in control.</h1>
          <p className="mk-hero__lead">
            Pagewarden reads every comment on your Facebook pages, Instagram accounts and ads, including dark-post ad comments,
            decides whether to reply, delete, hide or ignore it, and drafts the reply. Your moderators approve, edit or override in seconds.
          </p>
          <div className="mk-hero__actions">
            <Link className="mk-btn mk-btn--light mk-btn--lg" to="/register">Start now</Link>
            <Link className="mk-btn mk-btn--outline-light mk-btn--lg" to="/login">Sign In</Link>
            <Link className="mk-btn mk-btn--outline-light mk-btn--lg" to="/pricing">View Pricing</Link>
          </div>
          <p className="mk-hero__note">Plans from {formatPrice(from)}/month • {TEXT.subscribeNote.split(' • ').slice(0, 2).join(' • ')}</p>
        </div>
      </section>

      <section className="mk-section" aria-labelledby="how-title">
        <div className="mk-container">
          <div className="mk-section__head">
            <h2 id="how-title">How it works</h2>
            <p>Three steps from a noisy comment section to a calm, answered one.</p>
          </div>
          <ol className="mk-steps mk-grid mk-grid--3">
            <li>
              <h3>Connect your accounts</h3>
              <p>Sign in with Meta once: your Facebook pages and their Instagram accounts are connected together.</p>
            </li>
            <li>
              <h3>The AI reviews each comment</h3>
              <p>Sentiment, spam and offensiveness are detected, and a decision with its reasoning and a confidence score is proposed.</p>
            </li>
            <li>
              <h3>Your team decides</h3>
              <p>Approve the reply, edit it, or override the decision. The action is carried out on the platform for you.</p>
            </li>
          </ol>
        </div>
      </section>

      <section className="mk-section mk-section--soft" aria-labelledby="features-title">
        <div className="mk-container">
          <div className="mk-section__head">
            <h2 id="features-title">Built for the comment section you actually have</h2>
            <p>Praise, questions, complaints, spam and the occasional pile-on, all in one moderation queue.</p>
          </div>
          <div className="mk-grid mk-grid--3">
            {HIGHLIGHTS.map((h) => (
              <div className="mk-card" key={h.title}>
                <IconTile name={h.icon} />
                <h3>{h.title}</h3>
                <p>{h.text}</p>
              </div>
            ))}
          </div>
          <p style={{ textAlign: 'center', marginTop: 32 }}>
            <Link className="mk-btn mk-btn--secondary" to="/features">See all features</Link>
          </p>
        </div>
      </section>

      <section className="mk-section" aria-labelledby="usecases-title">
        <div className="mk-container">
          <div className="mk-section__head">
            <h2 id="usecases-title">Made for teams who live in the comments</h2>
            <p>{AUDIENCES.join(' • ')}</p>
          </div>
          <div className="mk-grid mk-grid--3">
            {USE_CASES.slice(0, 3).map((u) => (
              <Link className="mk-card mk-card--link" to={`/${u.slug}`} key={u.slug}>
                <IconTile name={u.icon} />
                <h3>{u.title}</h3>
                <p>{u.summary}</p>
                <span className="mk-card__more">Read more <span aria-hidden="true">→</span></span>
              </Link>
            ))}
          </div>
          <p style={{ textAlign: 'center', marginTop: 32 }}>
            <Link className="mk-btn mk-btn--secondary" to="/use-cases">All use cases</Link>
          </p>
        </div>
      </section>

      <section className="mk-section" aria-labelledby="start-title">
        <div className="mk-container">
          <div className="mk-cta">
            <h2 id="start-title">Ready to take back your comment section?</h2>
            <p>Create an account, connect your pages and see your first AI decisions today. Plans start at {formatPrice(from)} per month.</p>
            <div className="mk-cta__actions">
              <Link className="mk-btn mk-btn--light mk-btn--lg" to="/register">
                Create your account <Icon name="arrowRight" className="mk-inline-icon" />
              </Link>
              <Link className="mk-btn mk-btn--outline-light mk-btn--lg" to="/pricing">Compare plans</Link>
            </div>
          </div>
        </div>
      </section>
    </MarketingLayout>
  );
}
