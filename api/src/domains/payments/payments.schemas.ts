/** Schemas of the payment routes (product.md#payments). */
import { PaymentMethodSchema } from '@cliffhanger/shared/contracts';
import { SUPPORTED_LANGUAGES } from '@cliffhanger/shared/languages';
import { Type } from '@sinclair/typebox';
import { Nullable } from '../../http/schemas';
import { IdempotencyKey } from '../coins/coins.schemas';

// The answers the wallet reads are the shared contracts; the bodies, queries and the rest stay here.
export {
  ConfirmAnswerSchema,
  DevCardAnswer,
  IntentAnswer,
  PaymentMethodSchema,
  SetupIntentAnswer,
  TransactionSchema,
  TransactionsPageSchema,
} from '@cliffhanger/shared/contracts';

export const PaymentMethodList = Type.Array(PaymentMethodSchema);

export const AddPaymentMethodBody = Type.Object(
  { payment_method_id: Type.String({ pattern: '^pm_[A-Za-z0-9_]{1,200}$' }) },
  { additionalProperties: false },
);

/** The dev provider's card form: what a processor's card field would take (never stored). */
export const DevCardBody = Type.Object(
  {
    number: Type.String({ minLength: 1, maxLength: 30, pattern: '^[0-9 -]+$' }),
    exp_month: Type.Integer({ minimum: 0, maximum: 99 }),
    exp_year: Type.Integer({ minimum: 0, maximum: 9999 }),
    cvc: Type.String({ minLength: 1, maxLength: 8 }),
  },
  { additionalProperties: false },
);

const Currency = Type.String({ pattern: '^[a-z]{3}$', default: 'rub' });

export const CreateIntentBody = Type.Object(
  {
    /** Major units (roubles); charged rounded to kopecks. */
    amount: Type.Number({ minimum: 1, maximum: 1_000_000 }),
    currency: Currency,
    package_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
    /** One per purchase start (a tap on Buy): a resent request answers the same payment. */
    idempotency_key: Type.Optional(IdempotencyKey),
  },
  { additionalProperties: false },
);

export const ConfirmBody = Type.Object(
  { payment_intent_id: Type.String({ pattern: '^pi_[A-Za-z0-9_]{1,200}$' }) },
  { additionalProperties: false },
);

export const WebhookAnswerSchema = Type.Object({
  received: Type.Literal(true),
  event_id: Type.String(),
  type: Type.String(),
  duplicate: Type.Boolean(),
  handled: Type.Boolean(),
});

export const PaymentsConfigAnswer = Type.Object({
  provider: Type.Union([Type.Literal('stripe'), Type.Literal('dev'), Type.Literal('disabled')]),
  publishable_key: Nullable(Type.String()),
});

export const TransactionsQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});

export const DevSessionParams = Type.Object({ session_id: Type.String({ pattern: '^cs_dev_[A-Za-z0-9]{1,64}$' }) });
/** The checkout address's proof that it was given to the user who started the checkout. */
export const DevCheckoutQuery = Type.Object({
  token: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' })),
  /** The language the checkout was started in; without it, the viewer's (stored, then Accept-Language). */
  lang: Type.Optional(Type.Union(SUPPORTED_LANGUAGES.map((language) => Type.Literal(language)))),
});
export const DevRefundParams = Type.Object({
  session_id: DevSessionParams.properties.session_id,
  share: Type.Union([Type.Literal('half'), Type.Literal('rest')]),
});
export const DevDisputeParams = Type.Object({
  session_id: DevSessionParams.properties.session_id,
  step: Type.Union([Type.Literal('open'), Type.Literal('won'), Type.Literal('lost')]),
});

/** A page of the local checkout: HTML for the browser, not JSON. */
const HtmlPage = (description: string) => ({ description, content: { 'text/html': { schema: Type.String() } } });

/** The local checkout page: 200 with the page, 404 with a page saying the session is unknown. */
export const DevCheckoutPageAnswers = {
  200: HtmlPage('The checkout page: what is bought, for how much, and the Pay and Cancel buttons'),
  403: HtmlPage('The address lacks the proof that it was given to the user who started this checkout'),
  404: HtmlPage('No checkout session with this id: a page saying so'),
};

/** Pay and Cancel: back to the product site (303, no body), or a page saying the session is unknown. */
export const DevCheckoutActionAnswers = {
  303: {
    type: 'null',
    description: "Sends the browser back to the product site's success or cancel address",
    headers: { location: Type.String() },
  },
  403: HtmlPage('The address lacks the proof that it was given to the user who started this checkout'),
  404: HtmlPage('No checkout session with this id: a page saying so'),
};
