/**
 * Where a documented body schema is looser than the handler (fields that must agree, values only the
 * domain knows), these shape half the valid bodies so the fuzzer reaches past the 400 into the handler.
 */
import fc from 'fast-check';
import { AmplitudeEventSchema } from '../../src/domains/analytics/analytics.schemas';
import { type JsonSchema, validValue } from './json-schema-arbitraries';
import type { BodyHints } from './openapi-fuzz';

const asObject = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export const BODY_HINTS: BodyHints = {
  // The confirmations must repeat the password.
  'POST /api/auth/register/': (body) =>
    body.map((value) => {
      const { password_confirm: _c, password2: _p, ...rest } = asObject(value);
      return { ...rest, password_confirm: rest.password };
    }),
  'POST /api/subscriptions/create/': () => fc.record({ plan: fc.constantFrom('monthly', 'yearly') }),
  'POST /api/payment-methods/': () =>
    fc.record({ payment_method_id: fc.constantFrom('pm_card_visa', 'pm_card_mastercard', 'pm_card_chargeDeclined') }),
  // The body is documented as any JSON, since two upload forms share the route; this is the JSON form.
  'POST /api/analytics/events': () =>
    fc.record({
      api_key: fc.string({ minLength: 1, maxLength: 40 }),
      events: fc.array(validValue(AmplitudeEventSchema as unknown as JsonSchema), { minLength: 1, maxLength: 3 }),
    }),
};
