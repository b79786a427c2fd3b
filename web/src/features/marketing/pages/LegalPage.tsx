import type { ReactNode } from 'react';
import { MarketingLayout } from '../components/Layout';
import { usePageMeta, type PageMeta } from '../usePageMeta';

/** Frame of the static policy pages. */
export function LegalPage({ meta, title, updated, children }: { meta: PageMeta; title: string; updated?: string; children: ReactNode }) {
  usePageMeta(meta);
  return (
    <MarketingLayout>
      <section className="mk-page-hero mk-page-hero--left" style={{ paddingBottom: 24 }}>
        <div className="mk-container mk-narrow">
          <h1>{title}</h1>
          {updated && <p className="mk-updated">Last updated: {updated}</p>}
        </div>
      </section>
      <section className="mk-section" style={{ paddingTop: 16 }}>
        <div className="mk-container mk-narrow mk-prose mk-legal">{children}</div>
      </section>
    </MarketingLayout>
  );
}
