/** A verified processor event and what its handlers (webhook.service.ts, payment-reversals.ts) work with. */
import { GUEST_EMAIL_DOMAIN } from '@cliffhanger/shared/constants';
import type { AppContext } from '../../context';
import type { ProviderKind, Trx } from '../../db/schema';
import type { GoldPlan } from '../settings/settings.schemas';

type Json = Record<string, unknown>;

export interface VerifiedEvent {
  id: string;
  type: string;
  created: number;
  object: Json;
}

export interface EventContext {
  ctx: AppContext;
  trx: Trx;
  event: VerifiedEvent;
  plans: GoldPlan[];
  provider: ProviderKind;
  /** Gold subscriptions that lost their payment: cancelled at the processor once the commit is done. */
  afterCommit: string[];
}

/**
 * The address a receipt went to, as a viewer could sign in with it: a plausible address in lower case,
 * never a guest's made-up one; null for anything else.
 */
export function receiptAddress(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const email = raw.trim().toLowerCase();
  if (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return null;
  return email.endsWith(`@${GUEST_EMAIL_DOMAIN}`) ? null : email;
}
