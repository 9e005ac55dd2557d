/** Schemas of the Gold subscription routes. */
import { Type } from '@sinclair/typebox';
import { ReturnToPath } from '../../http/schemas';
import { GoldPlanSchema } from '../settings/settings.schemas';

export { FeedSubscriptionListAnswer, GoldOfferSchema, SubscriptionSchema } from '@cliffhanger/shared/contracts';

export const PlansAnswer = Type.Array(GoldPlanSchema);
export const CreateSubscriptionBody = Type.Object(
  {
    plan: Type.String({ minLength: 1, maxLength: 32 }),
    /** The product page to come back to (a path of this site, e.g. the locked episode); the Gold page when left out. */
    return_to: Type.Optional(ReturnToPath),
  },
  { additionalProperties: false },
);
