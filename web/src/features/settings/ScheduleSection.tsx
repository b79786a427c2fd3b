/**
 * Settings → Scheduled automation (issue 11 item 6, the Auto Flow Schedule page's promise): per
 * brand, when its comments are synced, run through the rules and analysed (autopilot then applies
 * what it is set to apply): off, daily at a time, several times a day, weekdays only or weekends only,
 * in the brand's time zone (the browser's by default). Shows the next runs the server computed.
 * Owners and admins change it; other roles see it read-only.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Flex, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MAX_SCHEDULE_TIMES, SCHEDULE_PRESETS, SCHEDULE_PRESET_LABELS, type BrandSchedule, type SchedulePreset } from '@cg/shared/brand-schedule';
import { api, errorMessage } from '../../lib/api';
import { useCan } from '../../lib/can';
import { toast } from '../../lib/toast';
import { BrandSettingsCard } from './BrandSettingsCard';

const keys = { brands: ['brands'] as const, schedule: (brandId: string) => ['brands', brandId, 'schedule'] as const };

const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function zoneList(extra: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([extra, 'UTC', ...all])].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}

/** How many times each preset takes: [least, most]. */
const TIMES: Record<SchedulePreset, [number, number]> = {
  off: [0, 0], daily: [1, 1], several: [2, MAX_SCHEDULE_TIMES], weekdays: [1, MAX_SCHEDULE_TIMES], weekends: [1, MAX_SCHEDULE_TIMES],
};
const DEFAULT_TIMES: Record<SchedulePreset, string[]> = { off: [], daily: ['09:00'], several: ['09:00', '13:00', '17:00'], weekdays: ['09:00'], weekends: ['10:00'] };

export function formatRun(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, { timeZone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

function ScheduleForm({ brandId, schedule, canManage }: { brandId: string; schedule: BrandSchedule; canManage: boolean }) {
  const client = useQueryClient();
  const [preset, setPreset] = useState<SchedulePreset>(schedule.preset);
  const [times, setTimes] = useState<string[]>(schedule.times.length ? schedule.times : DEFAULT_TIMES[schedule.preset]);
  // A brand never saved takes the browser's zone.
  const [timeZone, setTimeZone] = useState(schedule.updatedAt ? schedule.timeZone : browserZone());
  const zones = useMemo(() => zoneList(timeZone), [timeZone]);
  const save = useMutation({
    mutationFn: () => api('putBrandSchedule', { params: { brandId }, body: { preset, times: preset === 'off' ? [] : times, timeZone } }),
    onSuccess: (saved) => {
      client.setQueryData(keys.schedule(brandId), saved);
      toast({ description: saved.preset === 'off' ? 'Scheduled automation is off for this brand.' : `Scheduled: next run ${formatRun(saved.nextRuns[0]!, saved.timeZone)}.` });
    },
  });
  const disabled = !canManage || save.isPending;
  const [least, most] = TIMES[preset];
  function choose(p: SchedulePreset) {
    setPreset(p);
    const [lo, hi] = TIMES[p];
    setTimes((t) => (t.length >= lo && t.length <= hi ? t : t.length > hi ? t.slice(0, hi) : [...t, ...DEFAULT_TIMES[p].filter((d) => !t.includes(d))].slice(0, Math.max(lo, 1))));
  }
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    save.mutate();
  }
  return (
    <form onSubmit={onSubmit} aria-label="Scheduled automation">
      <Flex direction={{ base: 'column', medium: 'row' }} gap="0.75rem">
        <SelectField label="Schedule" value={preset} isDisabled={disabled} onChange={(e) => choose(e.target.value as SchedulePreset)}>
          {SCHEDULE_PRESETS.map((p) => <option key={p} value={p}>{SCHEDULE_PRESET_LABELS[p]}</option>)}
        </SelectField>
        <SelectField label="Time zone" value={timeZone} isDisabled={disabled} onChange={(e) => setTimeZone(e.target.value)}>
          {zones.map((z) => <option key={z} value={z}>{z}</option>)}
        </SelectField>
      </Flex>
      {preset !== 'off' && (
        <Flex direction="column" gap="0.5rem" marginTop="0.75rem">
          {times.map((t, i) => (
            <Flex key={i} alignItems="flex-end" gap="0.5rem">
              <TextField label={`Run time ${times.length > 1 ? i + 1 : ''}`.trim()} type="time" step={60} value={t} isDisabled={disabled} isRequired
                onChange={(e) => setTimes((ts) => ts.map((x, j) => (j === i ? e.target.value : x)))} />
              {canManage && times.length > least && (
                <Button size="small" variation="link" isDisabled={disabled} onClick={() => setTimes((ts) => ts.filter((_, j) => j !== i))}>Remove</Button>
              )}
            </Flex>
          ))}
          {canManage && times.length < most && (
            <Flex><Button size="small" isDisabled={disabled} onClick={() => setTimes((ts) => [...ts, '12:00'])}>Add a time</Button></Flex>
          )}
        </Flex>
      )}
      {save.isError && <Alert variation="error" hasIcon role="alert" marginTop="0.75rem">{errorMessage(save.error, 'Failed to save the schedule. Please try again.')}</Alert>}
      {canManage && (
        <Flex marginTop="0.75rem">
          <Button type="submit" variation="primary" size="small" isDisabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save schedule'}</Button>
        </Flex>
      )}
      <NextRuns schedule={schedule} />
    </form>
  );
}

function NextRuns({ schedule }: { schedule: BrandSchedule }) {
  if (schedule.preset === 'off' || !schedule.nextRuns.length) return <Text className="cg-small cg-muted" marginTop="0.75rem">No scheduled runs for this brand.</Text>;
  return (
    <section aria-label="Next runs">
      <Text className="cg-small" fontWeight="bold" marginTop="0.75rem">Next runs ({schedule.timeZone})</Text>
      <ul className="cg-small">
        {schedule.nextRuns.map((r) => <li key={r}><time dateTime={r}>{formatRun(r, schedule.timeZone)}</time></li>)}
      </ul>
    </section>
  );
}

export function ScheduleSection() {
  const canManage = useCan('putBrandSchedule');
  return (
    <BrandSettingsCard
      id="schedule-title" title="Scheduled automation"
      intro={<>
        At the times you choose, in the brand's time zone, its comments are synced, your rules run on the new ones, and its pending comments are analysed;
        autopilot then applies only what it is set to apply. Everything else waits in the queue for your team.
      </>}
      readOnlyNote={canManage ? null : 'Only owners and admins can change the schedule.'} noBrandsGoal="schedule automation" what="the schedule"
      query={(brandId) => ({ queryKey: keys.schedule(brandId), queryFn: () => api('getBrandSchedule', { params: { brandId } }) })}
    >
      {(brandId, schedule, updatedAt) => <ScheduleForm key={`${brandId}|${updatedAt}`} brandId={brandId} schedule={schedule} canManage={canManage} />}
    </BrandSettingsCard>
  );
}
