/**
 * Problems the fuzzer finds that are intended, or that sit in routes outside this pass's reach, allowed
 * by route and kind with the reason so the pass stays green while they are on record. Remove an entry
 * once its routes are fixed: the bench prints how often each one is still hit.
 */
import type { Allowance } from './openapi-fuzz';

export const KNOWN_GAPS: Allowance[] = [
  {
    operations: /^POST \/api\/auth\/logout\/$/,
    kinds: ['invalid request accepted'],
    reason:
      'Logout with no body is an empty request by design (clients call it bare); @fastify/swagger documents every body as required.',
  },
  {
    operations: /^(GET|POST) \/api\/dev-checkout\//,
    kinds: ['undocumented status', 'undocumented body'],
    reason: 'The local checkout pages document only a bare 200, not their HTML or their 4xx answers (payments).',
  },
  {
    operations: /^POST \/api\/payment-methods\/$/,
    kinds: ['state changed on a 4xx'],
    detail: /^changed: writes to payment_customers$/,
    reason:
      'Saving an unknown payment method (e.g. {"payment_method_id":"pm_0"}) answers 400 but first creates the caller\'s processor customer row (payments).',
  },
  {
    operations: /^POST \/api\/coins\/grant\/$/,
    kinds: ['undocumented status'],
    reason: 'Answers 409 on a repeated grant without documenting it (coins).',
  },
];
