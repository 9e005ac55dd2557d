/**
 * Problems the fuzzer finds that are intended, or that sit in routes outside this pass's reach, allowed
 * by route and kind with the reason so the pass stays green while they are on record. Remove an entry
 * once its routes are fixed: the bench prints how often each one is still hit.
 */
import type { Allowance } from './openapi-fuzz';

export const KNOWN_GAPS: Allowance[] = [
  {
    operations: /^(GET|POST) \/api\/dev-checkout\//,
    kinds: ['undocumented body'],
    detail: /^(200|404) is documented without a body schema$/,
    reason:
      'The local checkout pages answer HTML, documented as text/html (200 the page, 404 "no such session"); the fuzzer reads only application/json response schemas, so it sees these as bodies without a schema (payments).',
  },
];
