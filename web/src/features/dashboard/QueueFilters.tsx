import { forwardRef } from 'react';
import { SelectField, TextField } from '@aws-amplify/ui-react';
import { DECISIONS } from '@cg/shared';
import { useSocialAccounts } from '../../lib/queries';

/** The queue's filters (issue 12); All Comments uses the same ones. Values are strings, '' for any. */
export interface QueueFilterValues {
  search: string; brand: string; platform: string; decision: string; category: string; language: string; minConfidence: string; sort: string;
}
export const NO_FILTERS: QueueFilterValues = { search: '', brand: '', platform: 'all', decision: '', category: '', language: '', minConfidence: '', sort: '' };

export const CATEGORIES = ['threat', 'scam', 'spam', 'abuse', 'complaint', 'question', 'praise', 'other'] as const;
const LANGUAGES: Record<string, string> = { en: 'English', es: 'Spanish', fr: 'French', de: 'German', it: 'Italian', pt: 'Portuguese', nl: 'Dutch' };
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** The query parameters of the filters (search as given: the caller debounces it). */
export function filterParams(f: QueueFilterValues, search = f.search.trim()): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of ['brand', 'platform', 'decision', 'category', 'language', 'minConfidence', 'sort'] as const) if (f[k] && f[k] !== 'all') out[k] = f[k];
  if (search) out.search = search;
  return out;
}

interface Props {
  value: QueueFilterValues;
  onChange: (next: QueueFilterValues) => void;
  /** Which fields to show besides the search (All Comments has its own platform select). */
  hide?: (keyof QueueFilterValues)[];
  searchLabel?: string;
}

export const QueueFilters = forwardRef<HTMLInputElement, Props>(function QueueFilters({ value, onChange, hide = [], searchLabel = 'Search the queue' }, searchRef) {
  const accounts = useSocialAccounts();
  const set = (k: keyof QueueFilterValues) => (e: { target: { value: string } }) => onChange({ ...value, [k]: e.target.value });
  const shown = (k: keyof QueueFilterValues) => !hide.includes(k);
  return (
    <div className="cg-queue-filters" role="search" aria-label="Queue filters">
      {shown('search') && <TextField ref={searchRef} label={searchLabel} type="search" size="small" placeholder="Search text or author (/)" value={value.search} onChange={set('search')} />}
      {shown('brand') && (
        <SelectField label="Brand" size="small" value={value.brand} onChange={set('brand')}>
          <option value="">All brands</option>
          {(accounts.data ?? []).map((a) => <option key={a.id} value={a.id}>{a.accountName} ({a.platform === 'facebook' ? 'Facebook' : 'Instagram'})</option>)}
        </SelectField>
      )}
      {shown('platform') && (
        <SelectField label="Platform" size="small" value={value.platform} onChange={set('platform')}>
          <option value="all">All Platforms</option>
          <option value="facebook">Facebook</option>
          <option value="instagram">Instagram</option>
        </SelectField>
      )}
      {shown('decision') && (
        <SelectField label="AI decision" size="small" value={value.decision} onChange={set('decision')}>
          <option value="">Any decision</option>
          {DECISIONS.map((d) => <option key={d} value={d}>{cap(d)}</option>)}
        </SelectField>
      )}
      {shown('category') && (
        <SelectField label="Category" size="small" value={value.category} onChange={set('category')}>
          <option value="">Any category</option>
          {CATEGORIES.map((c) => <option key={c} value={c}>{cap(c)}</option>)}
        </SelectField>
      )}
      {shown('language') && (
        <SelectField label="Language" size="small" value={value.language} onChange={set('language')}>
          <option value="">Any language</option>
          {Object.entries(LANGUAGES).map(([k, v]) => <option key={k} value={k}>{v}</option>)}
        </SelectField>
      )}
      {shown('minConfidence') && (
        <SelectField label="Confidence" size="small" value={value.minConfidence} onChange={set('minConfidence')}>
          <option value="">Any confidence</option>
          {['50', '70', '90'].map((n) => <option key={n} value={n}>{n}% or more</option>)}
        </SelectField>
      )}
      {shown('sort') && (
        <SelectField label="Sort" size="small" value={value.sort} onChange={set('sort')}>
          <option value="">Newest first</option>
          <option value="priority">Priority (questions and complaints first)</option>
        </SelectField>
      )}
    </div>
  );
});
