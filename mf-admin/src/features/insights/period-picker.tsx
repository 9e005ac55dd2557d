/**
 * The analytics period: a preset (the last 7, 30, 90 or 365 days up to today) or any days chosen
 * with two dates, at most ANALYTICS_MAX_DAYS; a backwards or too long choice is said before anything
 * is asked of the API.
 */
import { Button } from '@cliffhanger/shared';
import { type FormEvent, useState } from 'react';
import { Field } from '../../lib/layout/form';
import { useInsightsT } from './messages';

/** The most days one period covers (the API refuses more). */
export const MAX_DAYS = 366;
const PRESETS = [7, 30, 90, 365] as const;
const DAY_MS = 86_400_000;

export interface Period {
  from: string;
  to: string;
}

/** Today as the API counts days (UTC), YYYY-MM-DD. */
export const utcToday = () => new Date().toISOString().slice(0, 10);
const shifted = (day: string, by: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + by * DAY_MS).toISOString().slice(0, 10);

/** The last `days` days up to today, today included. */
export function lastDays(days: number): Period {
  const to = utcToday();
  return { from: shifted(to, 1 - days), to };
}

/** How many days a period covers (0 or less when it runs backwards). */
export const daysOf = (period: Period) =>
  Math.round((Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / DAY_MS) + 1;

/** Which preset a period is, or 'custom'. */
function presetOf(period: Period): string {
  const preset = PRESETS.find((days) => {
    const last = lastDays(days);
    return last.from === period.from && last.to === period.to;
  });
  return preset === undefined ? 'custom' : String(preset);
}

export function PeriodPicker({ period, onChange }: { period: Period; onChange(next: Period): void }) {
  const { t } = useInsightsT();
  const [draft, setDraft] = useState(period);
  const [error, setError] = useState('');
  const [custom, setCustom] = useState(presetOf(period) === 'custom');
  const choose = (value: string) => {
    setError('');
    if (value === 'custom') return setCustom(true);
    setCustom(false);
    const next = lastDays(Number(value));
    setDraft(next);
    onChange(next);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const days = daysOf(draft);
    if (days < 1) return setError(t('range.backwards'));
    if (days > MAX_DAYS) return setError(t('range.tooLong', { max: MAX_DAYS }));
    setError('');
    onChange(draft);
  };
  return (
    <form className="admin-toolbar admin-period" onSubmit={apply} noValidate>
      <Field label={t('range.preset')}>
        {(props) => (
          <select {...props} value={custom ? 'custom' : presetOf(period)} onChange={(e) => choose(e.target.value)}>
            {PRESETS.map((days) => (
              <option key={days} value={days}>
                {t('range.days', { count: days })}
              </option>
            ))}
            <option value="custom">{t('range.custom')}</option>
          </select>
        )}
      </Field>
      {custom && (
        <>
          <Field label={t('range.from')}>
            {(props) => (
              <input
                {...props}
                type="date"
                value={draft.from}
                max={utcToday()}
                onChange={(e) => setDraft({ ...draft, from: e.target.value })}
              />
            )}
          </Field>
          <Field label={t('range.to')}>
            {(props) => (
              <input
                {...props}
                type="date"
                value={draft.to}
                max={utcToday()}
                onChange={(e) => setDraft({ ...draft, to: e.target.value })}
              />
            )}
          </Field>
          <Button type="submit" variant="secondary">
            {t('range.apply')}
          </Button>
        </>
      )}
      {error && (
        <p role="alert" className="ch-error">
          {error}
        </p>
      )}
    </form>
  );
}
