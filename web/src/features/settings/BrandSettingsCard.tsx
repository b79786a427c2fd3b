/**
 * A Settings card whose settings are per brand (brand voice, autopilot, scheduled automation): the
 * brand picker and the brand's settings with their loading, failed and no-brands states, once.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Card, Heading, Placeholder, SelectField, Text } from '@aws-amplify/ui-react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { QueryError } from '../../components/ui/QueryError';

interface Props<T> {
  /** The heading's element id (the card is labelled by it). */
  id: string;
  title: string;
  intro: ReactNode;
  /** Said to members who may read but not change these settings; null when everyone may change them. */
  readOnlyNote: string | null;
  /** The end of "No brands yet: connect a Facebook page (Connected Accounts) to …". */
  noBrandsGoal: string;
  /** What failed to load, as "Failed to load the …". */
  what: string;
  query: (brandId: string) => { queryKey: QueryKey; queryFn: () => Promise<T> };
  children: (brandId: string, data: T, updatedAt: number) => ReactNode;
}

export function BrandSettingsCard<T>({ id, title, intro, readOnlyNote, noBrandsGoal, what, query, children }: Props<T>) {
  const brands = useQuery({ queryKey: ['brands'], queryFn: () => api('listBrands') });
  const [brandId, setBrandId] = useState('');
  const list = brands.data ?? [];
  useEffect(() => {
    if (list.length && !list.some((b) => b.id === brandId)) setBrandId(list[0]!.id);
  }, [list, brandId]);
  const settings = useQuery({ ...query(brandId), enabled: !!brandId });
  return (
    <Card variation="outlined" className="cg-card" as="section" aria-labelledby={id}>
      <Heading level={2} id={id} className="cg-section-title">{title}</Heading>
      <Text className="cg-small cg-muted" marginBottom="1rem">{intro}</Text>
      {readOnlyNote && <Text className="cg-small cg-muted" marginBottom="0.75rem">{readOnlyNote}</Text>}
      {brands.isLoading ? (
        <Placeholder size="large" />
      ) : brands.isError ? (
        <QueryError error={brands.error} what="the brands" onRetry={() => void brands.refetch()} />
      ) : list.length === 0 ? (
        <Text className="cg-muted cg-small">No brands yet: connect a Facebook page (Connected Accounts) to {noBrandsGoal}.</Text>
      ) : (
        <>
          <SelectField label="Brand" value={brandId} onChange={(e) => setBrandId(e.target.value)} marginBottom="1rem">
            {list.map((b) => <option key={b.id} value={b.id}>{b.name}</option>)}
          </SelectField>
          {settings.isLoading || !brandId ? (
            <Placeholder size="large" />
          ) : settings.isError ? (
            <QueryError error={settings.error} what={what} onRetry={() => void settings.refetch()} />
          ) : settings.data ? (
            children(brandId, settings.data, settings.dataUpdatedAt)
          ) : null}
        </>
      )}
    </Card>
  );
}
