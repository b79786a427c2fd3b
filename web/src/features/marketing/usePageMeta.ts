import { useEffect } from 'react';
import { SITE_NAME } from './site';

export interface PageMeta {
  title: string;
  description: string;
  keywords?: string;
  /** Path of the page, e.g. '/pricing'; the canonical URL is window.location.origin + path. */
  path: string;
}

function upsertMeta(attr: 'name' | 'property', key: string, content: string): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.setAttribute('content', content);
}

function upsertCanonical(href: string): void {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!el) {
    el = document.createElement('link');
    el.setAttribute('rel', 'canonical');
    document.head.appendChild(el);
  }
  el.setAttribute('href', href);
}

/** Sets (and on change updates) the document title, description, keywords, Open Graph and Twitter card tags and the canonical link. */
export function usePageMeta({ title, description, keywords, path }: PageMeta): void {
  useEffect(() => {
    const url = window.location.origin + path;
    document.title = title;
    upsertMeta('name', 'description', description);
    if (keywords) upsertMeta('name', 'keywords', keywords);
    else document.head.querySelector('meta[name="keywords"]')?.remove();
    upsertMeta('property', 'og:title', title);
    upsertMeta('property', 'og:description', description);
    upsertMeta('property', 'og:type', 'website');
    upsertMeta('property', 'og:url', url);
    upsertMeta('property', 'og:site_name', SITE_NAME);
    upsertMeta('name', 'twitter:card', 'summary_large_image');
    upsertMeta('name', 'twitter:title', title);
    upsertMeta('name', 'twitter:description', description);
    upsertCanonical(url);
  }, [title, description, keywords, path]);
}
