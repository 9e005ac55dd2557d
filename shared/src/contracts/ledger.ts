/**
 * Why a viewer's coins moved: the reason of every ledger row (`coin_ledger.reason`). The server writes
 * them, the transactions list and the staff's view of a user name each in words, and the bus carries
 * one with every new balance.
 */
export const LEDGER_REASONS = {
  purchase: 'purchase',
  unlock: 'unlock',
  /** An unlock the player made by itself under the viewer's opt-in auto-unlock for the series. */
  autoUnlock: 'auto_unlock',
  dailyBonus: 'daily_bonus',
  share: 'share',
  followPrompt: 'follow_prompt',
  registrationBonus: 'registration_bonus',
  staffGrant: 'staff_grant',
  refund: 'refund',
} as const;

/** The reason of a ledger row. */
export type LedgerRowReason = (typeof LEDGER_REASONS)[keyof typeof LEDGER_REASONS];

/** Not a ledger row: the page learned a new balance from the profile (coins moved in another tab or device). */
export const BALANCE_SYNC_REASON = 'sync';

/** Why the balance on the page changed: a ledger row's reason, or a sync with the profile. */
export type LedgerReason = LedgerRowReason | typeof BALANCE_SYNC_REASON;
