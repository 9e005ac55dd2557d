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
import { bearerTokenOf, verifyAccessToken } from '../../http/tokens';
import { sharedFlags } from './feed.service';

/** The largest id the route's schema accepts (a 32-bit row id). */
const MAX_ID = 2_147_483_647;
/** Longer than any such body; a longer one goes to the route unread. */
const MAX_BODY_BYTES = 64;

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const ZERO = 0x30;
const NINE = 0x39;
const ID_KEY = [0x22, 0x69, 0x64, 0x22]; // "id"

/** Past the whitespace JSON allows (space, tab, line feed, carriage return) from `at`. */
function skipSpace(body: Buffer, at: number): number {
  let i = at;
  while (i < body.length) {
    const byte = body[i];
    if (byte !== SPACE && byte !== TAB && byte !== LF && byte !== CR) break;
    i += 1;
  }
  return i;
}

/**
 * The id of a body that is exactly `{"id": <a positive integer without leading zeros, at most ten
 * digits>}` with the whitespace JSON allows, read from its bytes; undefined for any other body.
 */
export function ownIdOf(body: Buffer): number | undefined {
  let i = skipSpace(body, 0);
  if (body[i] !== 0x7b) return undefined; // {
  i = skipSpace(body, i + 1);
  for (const byte of ID_KEY) {
    if (body[i] !== byte) return undefined;
    i += 1;
  }
  i = skipSpace(body, i);
  if (body[i] !== 0x3a) return undefined; // :
  i = skipSpace(body, i + 1);
  const first = body[i];
  if (first === undefined || first <= ZERO || first > NINE) return undefined;
  // The body is at most MAX_BODY_BYTES long, so the digits are few; more than ten are refused.
  let id = 0;
  const start = i;
  for (let digit = body[i]; digit !== undefined && digit >= ZERO && digit <= NINE; digit = body[++i]) {
    id = id * 10 + (digit - ZERO);
  }
  if (i - start > 10) return undefined;
  i = skipSpace(body, i);
  if (body[i] !== 0x7d) return undefined; // }
  return skipSpace(body, i + 1) === body.length ? id : undefined;
}

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
      const id = ownIdOf(body);
      if (id === undefined || id > MAX_ID) return undefined;
      const entry = publicViewCache(ctx)?.peek?.(userId, ctx.now());
      if (!entry || id !== entry.owner.id) return undefined;
      return sharedFlags(entry.flags);
    },
  };
}
