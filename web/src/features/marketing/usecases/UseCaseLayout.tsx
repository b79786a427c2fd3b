import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CtaBand, Faq, MarketingLayout, type FaqItem } from '../components/Layout';
import { Icon } from '../components/Icon';
import { LOGIN_HREF } from '../site';
import { usePageMeta, type PageMeta } from '../usePageMeta';

export interface UseCaseProps {
  meta: PageMeta & { keywords: string };
  eyebrow: string;
  title: string;
  lead: string;
  children: ReactNode;
  faq: FaqItem[];
  cta: { title: string; text: string };
}

/** Frame of a use-case page: back link, hero with calls to action, topic content, five-question FAQ, closing call to action. */
export function UseCaseLayout({ meta, eyebrow, title, lead, children, faq, cta }: UseCaseProps) {
  usePageMeta(meta);
  return (
    <MarketingLayout>
      <section className="mk-page-hero mk-page-hero--left">
        <div className="mk-container mk-narrow">
          <Link className="mk-back" to="/use-cases">
            <Icon name="arrowLeft" className="mk-inline-icon" /> Back to Use Cases
          </Link>
          <div>
            <span className="mk-eyebrow">{eyebrow}</span>
          </div>
          <h1>{title}</h1>
          <p>{lead}</p>
          <div className="mk-hero__actions">
            <a className="mk-btn mk-btn--primary mk-btn--lg" href={LOGIN_HREF}>Get Started</a>
            <Link className="mk-btn mk-btn--secondary mk-btn--lg" to="/pricing">View Pricing</Link>
          </div>
        </div>
      </section>
      <section className="mk-section" style={{ paddingTop: 40, paddingBottom: 24 }}>
        <div className="mk-container mk-narrow mk-prose">{children}</div>
      </section>
      <Faq items={faq} />
      <CtaBand title={cta.title} text={cta.text} />
    </MarketingLayout>
  );
}

/** A list with check marks. */
export function Checks({ items }: { items: ReactNode[] }) {
  return (
    <ul className="mk-check-list">
      {items.map((item, i) => (
        <li key={i}>
          <Icon name="check" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
