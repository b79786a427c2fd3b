/**
 * Settings → Autopilot (issue 10 item 8): per brand, off by default; when on, decisions over the
 * category's confidence threshold are applied with no human (spam and scams hidden or deleted, abuse
 * hidden, knowledge-base answers posted), each logged in the Automation log and undoable there.
 * Owners and admins change it; other roles see it read-only.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Flex, Grid, SelectField, SwitchField, Text, TextField } from '@aws-amplify/ui-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTOPILOT_CATEGORIES, DEFAULT_AUTOPILOT_THRESHOLDS, type AutopilotCategory, type AutopilotSettings } from '@cg/shared/autopilot';
import { api, errorMessage } from '../../lib/api';
import { useCan } from '../../lib/can';
import { toast } from '../../lib/toast';
import { BrandSettingsCard } from './BrandSettingsCard';

const keys = { brands: ['brands'] as const, autopilot: (brandId: string) => ['brands', brandId, 'autopilot'] as const };

const LABELS: Record<AutopilotCategory, string> = {
  spam: 'Remove spam', scam: 'Remove scams', abuse: 'Hide abuse', answer: 'Post knowledge-base answers',
};

type Form = { enabled: boolean; removal: 'hide' | 'delete'; thresholds: Record<AutopilotCategory, string> };
const toForm = (s: AutopilotSettings): Form => ({
  enabled: s.enabled, removal: s.removal,
  thresholds: Object.fromEntries(AUTOPILOT_CATEGORIES.map((c) => [c, s.thresholds[c] === null ? '' : String(s.thresholds[c])])) as Form['thresholds'],
});

function AutopilotForm({ brandId, settings, canManage }: { brandId: string; settings: AutopilotSettings; canManage: boolean }) {
  const client = useQueryClient();
  const [form, setForm] = useState(() => toForm(settings));
  const save = useMutation({
    mutationFn: () => api('putAutopilot', {
      params: { brandId },
      body: { enabled: form.enabled, removal: form.removal, thresholds: Object.fromEntries(AUTOPILOT_CATEGORIES.map((c) => [c, form.thresholds[c].trim() === '' ? null : Number(form.thresholds[c])])) as Record<AutopilotCategory, number | null> },
    }),
    onSuccess: (saved) => {
      client.setQueryData(keys.autopilot(brandId), saved);
      toast({ description: saved.enabled ? 'Autopilot is on for this brand.' : 'Autopilot is off for this brand: every decision waits for a person.' });
    },
  });
  const disabled = !canManage || save.isPending;
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    save.mutate();
  }
  return (
    <form onSubmit={onSubmit} aria-label="Autopilot">
      <SwitchField label="Autopilot" labelPosition="end" isChecked={form.enabled} isDisabled={disabled} onChange={(e) => setForm((f) => ({ ...f, enabled: e.target.checked }))} />
      <Text className="cg-small cg-muted" marginBottom="0.75rem">
        Applies a decision without a person when the AI is at least this confident (0-100); leave a box empty to never apply that kind.
        Threats and anything flagged for a person always wait in the queue.
      </Text>
      <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="0.75rem">
        {AUTOPILOT_CATEGORIES.map((c) => (
          <TextField key={c} label={`${LABELS[c]} at confidence ≥`} type="number" inputMode="numeric" min={50} max={100} placeholder="never"
            descriptiveText={`Default ${DEFAULT_AUTOPILOT_THRESHOLDS[c]}`} value={form.thresholds[c]} isDisabled={disabled}
            onChange={(e) => setForm((f) => ({ ...f, thresholds: { ...f.thresholds, [c]: e.target.value } }))} />
        ))}
        <SelectField label="Spam and scams are" value={form.removal} isDisabled={disabled} onChange={(e) => setForm((f) => ({ ...f, removal: e.target.value as Form['removal'] }))}>
          <option value="hide">Hidden (Undo unhides them)</option>
          <option value="delete">Deleted (cannot be undone)</option>
        </SelectField>
      </Grid>
      {save.isError && <Alert variation="error" hasIcon role="alert" marginTop="0.75rem">{errorMessage(save.error, 'Failed to save autopilot. Please try again.')}</Alert>}
      {canManage && (
        <Flex marginTop="0.75rem">
          <Button type="submit" variation="primary" size="small" isDisabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save autopilot'}</Button>
        </Flex>
      )}
    </form>
  );
}

export function AutopilotSection() {
  const canManage = useCan('putAutopilot');
  return (
    <BrandSettingsCard
      id="autopilot-title" title="Autopilot"
      intro="Off by default. Every automatic action is listed in the Automation log with its reason, and can be undone there."
      readOnlyNote={canManage ? null : 'Only owners and admins can change autopilot.'} noBrandsGoal="use autopilot" what="the autopilot settings"
      query={(brandId) => ({ queryKey: keys.autopilot(brandId), queryFn: () => api('getAutopilot', { params: { brandId } }) })}
    >
      {(brandId, settings, updatedAt) => <AutopilotForm key={`${brandId}|${updatedAt}`} brandId={brandId} settings={settings} canManage={canManage} />}
    </BrandSettingsCard>
  );
}
