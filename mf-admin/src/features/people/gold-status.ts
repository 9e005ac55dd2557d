/** A Gold subscription's state in words staff can trust: renews, cancels, ended, or comped. */
import { formatDate } from '@cliffhanger/shared';
import type { AdminSubscription } from '../../lib/api/admin.types';
import type { PeopleKey } from './messages';

type Translate = (key: PeopleKey, values?: Record<string, string | number>) => string;

export function goldStatusText(
  row: Pick<AdminSubscription, 'plan' | 'status' | 'current_period_end' | 'cancel_at_period_end'>,
  t: Translate,
  now: Date = new Date(),
): string {
  const date = formatDate(row.current_period_end);
  const running = row.status === 'active' && Date.parse(row.current_period_end) > now.getTime();
  if (!running) return t('gold.endedOn', { date });
  if (row.plan === 'comp') return t('gold.compedUntil', { date });
  return t(row.cancel_at_period_end ? 'gold.cancelsOn' : 'gold.activeUntil', { date });
}
