/** A verified processor event and what its handlers (webhook.service.ts, payment-reversals.ts) work with. */
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
