import { Link } from 'react-router';
import { IconTile } from '../components/Icon';
import { CtaBand, MarketingLayout } from '../components/Layout';
import { usePageMeta } from '../usePageMeta';
import { USE_CASES } from '../usecases/catalog';

export default function UseCasesPage() {
  usePageMeta({
    title: 'Use Cases | Pagewarden',
    description: 'How brands, agencies and e-commerce teams use Pagewarden: moderator burnout, pre-sale questions, troll invasions, AI replies, automation, reports and dark post ad comments.',
    keywords: 'comment moderation use cases, social media moderation, facebook comments, instagram comments, ad comments',
    path: '/use-cases',
  });
  return (
    <MarketingLayout>
      <section className="mk-page-hero">
        <div className="mk-container">
          <span className="mk-eyebrow">Use Cases</span>
          <h1>One comment section, many jobs to do</h1>
          <p>Brand owners, marketing agencies, e-commerce, financial-services and SaaS teams use Pagewarden to answer faster, stay safe and keep their moderators sane.</p>
        </div>
      </section>
      <section className="mk-section" style={{ paddingTop: 32 }} aria-label="Use cases">
        <div className="mk-container">
          <div className="mk-grid mk-grid--3">
            {USE_CASES.map((u) => (
              <Link className="mk-card mk-card--link" to={`/${u.slug}`} key={u.slug}>
                <IconTile name={u.icon} />
                <h2 style={{ fontSize: '1.15rem', marginTop: 14 }}>{u.title}</h2>
                <p>{u.summary}</p>
                <span className="mk-card__more">Learn more <span aria-hidden="true">→</span></span>
              </Link>
            ))}
          </div>
        </div>
      </section>
      <CtaBand title="Find your use case in action" text="Connect your Facebook pages and Instagram accounts and see what the AI proposes for your own comments." />
    </MarketingLayout>
  );
}
