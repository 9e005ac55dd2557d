/**
 * The public-view poll answered before routing (http/prepared-answers.ts `preparedPost`): what the
 * route answers from the poll cache (feed.service.ts `publicView`), told synchronously from the
 * request's headers and body. Taken only when that is exact: a valid access token, a cache entry of
 * the token's user held in this process and current now, and a body that is exactly the caller's own
 * numeric id (`{"id": 42}`, in any JSON spacing), which the route's schema accepts as it is. Any other
 * poll goes to the route: no token, a bad or expired one (401), a cache miss or a cache in Redis,
 * another user's id (403), a guest's text id, and any other body, however the route answers it.
 */
import { publicViewCache } from '../../cache/app-caches';
import type { AppContext } from '../../context';
import type { PreparedPost } from '../../http/prepared-answers';
import { bearerTokenOf, verifyAccessToken } from '../../kernel/tokens';
import { sharedFlags } from './feed.service';

/** `{"id": <a positive integer without leading zeros>}`, with the whitespace JSON allows. */
const OWN_ID_BODY = /^[ \t\n\r]*\{[ \t\n\r]*"id"[ \t\n\r]*:[ \t\n\r]*([1-9][0-9]{0,9})[ \t\n\r]*\}[ \t\n\r]*$/;
/** The largest id the route's schema accepts (a 32-bit row id). */
const MAX_ID = 2_147_483_647;
/** Longer than any such body; a longer one goes to the route unread. */
const MAX_BODY_BYTES = 64;

export function preparedPublicView(ctx: AppContext): PreparedPost<number> {
  return {
    maxBodyBytes: MAX_BODY_BYTES,
    // The token's user, when its cached poll answer is there to answer with.
    fromHeaders(headers) {
      const token = bearerTokenOf(headers.authorization);
      if (token === null) return undefined;
      const cache = publicViewCache(ctx);
      if (cache?.peek === undefined) return undefined;
      const now = ctx.now();
      const userId = verifyAccessToken(token, ctx.config.jwtSecret, now.getTime());
      if (userId === null || cache.peek(userId, now) === null) return undefined;
      return userId;
    },
    // Read again with the body: a write since the headers came (a purchase) has invalidated the entry.
    answer(userId, body) {
      const id = OWN_ID_BODY.exec(body.toString('latin1'))?.[1];
      if (id === undefined || Number(id) > MAX_ID) return undefined;
      const entry = publicViewCache(ctx)?.peek?.(userId, ctx.now());
      if (!entry || Number(id) !== entry.owner.id) return undefined;
      return sharedFlags(entry.flags);
    },
  };
}
