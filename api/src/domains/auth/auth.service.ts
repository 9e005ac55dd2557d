/**
 * Sign-in, registration, sessions and credentials: password login and registration, guest signup,
 * magic links, refresh-token rotation with reuse detection, password reset and change, e-mail
 * verification. Every successful sign-in answers `{ access, refresh, user }`.
 */
import { randomUUID } from 'node:crypto';
import { GUEST_EMAIL_DOMAIN, LINK_MAILS_PER_ADDRESS, MAGIC_LINK_SIGNUP_COINS } from '@cliffhanger/shared/constants';
import { DEFAULT_FREE_COIN_LIMITS } from '../../config';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { Trx, UserRow } from '../../db/schema';
import { badRequest, conflict, forbidden, HttpError, unauthorized } from '../../http/errors';
import { hashToken, randomToken, signAccessToken } from '../../http/tokens';
import { takeFreeCoins } from '../../kernel/free-coin-pool';
import type { RequestFacts } from '../../kernel/identity';
import { applyEntry, isUniqueViolation, moneyTransaction } from '../../kernel/money-transaction';
import { linkMail } from '../../mail/mailer';
import { mailSiteOrigin } from '../../mail/site-origin';
import {
  findUserByEmail,
  findUserByGuestId,
  findUserById,
  findUserByUsername,
  insertUser,
  isUsernameTaken,
  updateUser,
  usernameFor,
} from '../users/users.repository';
import { toUserDto, type UserDto } from '../users/users.service';
import {
  consumeEmailVerification,
  consumeMagicLink,
  consumePasswordReset,
  consumeRefreshToken,
  findRefreshToken,
  guestKeptWith,
  insertEmailVerification,
  insertMagicLink,
  insertPasswordReset,
  insertRefreshToken,
  linksToAddressSince,
  lockLinksTo,
  revokeAllRefreshTokens,
  revokeRefreshFamily,
  storeFirstPassword,
} from './auth.repository';
import {
  keepCoinsMail,
  type LinkMailWords,
  mailLanguage,
  passwordResetMail,
  recoveryMail,
  registrationMail,
  signInMail,
  verificationMail,
} from './auth-mails';
import { mergeGuest, mergeGuestLocked } from './guest-merge.service';
import { giveAddressToGuest, KEEP_LINK_TTL_SECONDS } from './kept-guests';
import { recordLoginSuccess, reserveLoginAttempt } from './login-throttle';

export interface TokenPair {
  access: string;
  refresh: string;
}

export interface AuthAnswer extends TokenPair {
  user: UserDto;
}

const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
const EMAIL_VERIFICATION_TTL_SECONDS = 3 * 24 * 60 * 60;
export const REGISTRATION_BONUS_REASON = 'registration_bonus';

const INVALID_CREDENTIALS = 'Invalid email or password';
const ACCOUNT_DISABLED = 'This account is disabled. Contact support if you think this is a mistake.';
const INVALID_REFRESH = 'The refresh token is invalid or has expired. Sign in again.';

const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000).toISOString();

/** Starts a new session: a fresh refresh-token family and an access token. */
export async function issueSession(
  ctx: AppContext,
  userId: number,
  familyId: string = randomUUID(),
): Promise<TokenPair> {
  const refresh = randomToken();
  const now = ctx.now();
  await insertRefreshToken(ctx.db, {
    userId,
    familyId,
    tokenHash: hashToken(refresh),
    expiresAt: addSeconds(now, ctx.config.refreshTokenTtlSeconds),
    createdAt: now.toISOString(),
  });
  return {
    access: signAccessToken(userId, ctx.config.jwtSecret, ctx.config.accessTokenTtlSeconds, now.getTime()),
    refresh,
  };
}

async function authAnswer(ctx: AppContext, user: UserRow): Promise<AuthAnswer> {
  const tokens = await issueSession(ctx, user.id);
  return { ...tokens, user: toUserDto(user, ctx.now()) };
}

// The caller's session (`caller.sessionUserId`) is the user its Bearer token names, if the token is
// valid. Whether that user is a guest that can still merge is decided inside the merge's transaction.

/** The active, unmerged guest behind the request's Bearer token, if any (the session asking for a link). */
async function guestIdOfRequest(ctx: AppContext, caller: RequestFacts): Promise<number | null> {
  const userId = caller.sessionUserId;
  if (userId === null) return null;
  const user = await findUserById(ctx.db, userId);
  return user && user.is_guest && user.is_active && user.merged_into_user_id === null ? user.id : null;
}

/**
 * Runs a sign-in transaction, retrying it when a concurrent one created the same account or username
 * first (PostgreSQL's unique indexes decide; the retry then finds the account and signs in to it).
 */
async function signInTransaction<T>(ctx: AppContext, work: (trx: Trx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await moneyTransaction(ctx, work);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt >= 3) throw conflict('This account is being signed in to elsewhere right now. Please try again.');
    }
  }
}

function assertRealAddress(email: string) {
  if (email.endsWith(`@${GUEST_EMAIL_DOMAIN}`)) throw badRequest('This e-mail address cannot be used for an account');
}

/**
 * A link into the site: magic links work on any page (the shell reads them); the account ones open
 * /profile. The site is the calling page's when we serve it on purpose, else PUBLIC_URL (mailSiteOrigin).
 */
function appLink(ctx: AppContext, caller: RequestFacts, query: string, path = '/'): string {
  return `${mailSiteOrigin(ctx.config, caller.origin)}${path}?${query}`;
}

function sendInBackground(caller: RequestFacts, send: () => Promise<void>) {
  send().catch((error) => caller.log.error({ err: error }, 'sending mail failed'));
}

async function sendVerificationMail(ctx: AppContext, caller: RequestFacts, user: UserRow, email: string) {
  const token = randomToken();
  const now = ctx.now();
  await insertEmailVerification(ctx.db, {
    userId: user.id,
    email,
    tokenHash: hashToken(token),
    expiresAt: addSeconds(now, EMAIL_VERIFICATION_TTL_SECONDS),
    createdAt: now.toISOString(),
  });
  const words = verificationMail(mailLanguage(user, caller.languages), user.username);
  await ctx.mailer.send(
    linkMail(
      email,
      words.subject,
      words.intro,
      words.linkLabel,
      appLink(ctx, caller, `verify-email=${encodeURIComponent(token)}`, '/profile'),
      words.outro,
    ),
  );
}

// --- Password accounts -------------------------------------------------------------------------

export interface RegistrationInput {
  email: string;
  password: string;
  password_confirm?: string;
  password2?: string;
  username?: string;
  first_name?: string;
  last_name?: string;
}

export async function register(ctx: AppContext, caller: RequestFacts, input: RegistrationInput): Promise<AuthAnswer> {
  const email = input.email.trim().toLowerCase();
  assertRealAddress(email);
  const confirmation = input.password_confirm ?? input.password2;
  if (confirmation !== undefined && confirmation !== input.password) throw badRequest('The passwords do not match');
  if (await findUserByEmail(ctx.db, email)) throw conflict('An account with this e-mail address already exists');
  const username = input.username?.trim() || (await usernameFor(ctx.db, email));
  if (input.username && (await isUsernameTaken(ctx.db, username))) throw conflict('That username is already taken');

  const passwordHash = await ctx.passwords.hash(input.password);
  const at = nowIso(ctx);
  let user: UserRow;
  try {
    user = await insertUser(ctx.db, {
      email,
      username,
      first_name: input.first_name?.trim() ?? '',
      last_name: input.last_name?.trim() ?? '',
      password_hash: passwordHash,
      guest_id: null,
      signup_data: null,
      gold_until: null,
      merged_into_user_id: null,
      last_login_at: at,
      created_at: at,
      updated_at: at,
    });
  } catch {
    // Two registrations raced for the same address or username; the unique index decided.
    throw conflict('An account with this e-mail address or username already exists');
  }
  await mergeGuest(ctx, caller.sessionUserId, user.id);
  sendInBackground(caller, () => sendVerificationMail(ctx, caller, user, email));
  return authAnswer(ctx, (await findUserById(ctx.db, user.id)) as UserRow);
}

/** Keeps a failed login for an unknown address as slow as one for a known address. */
let dummyHash: Promise<string> | null = null;

export async function login(
  ctx: AppContext,
  caller: RequestFacts,
  input: { email?: string; username?: string; password: string },
): Promise<AuthAnswer> {
  const identifier = (input.email ?? input.username ?? '').trim();
  if (!identifier) throw badRequest('Enter your e-mail address (or username) and password');
  const user = identifier.includes('@')
    ? await findUserByEmail(ctx.db, identifier)
    : await findUserByUsername(ctx.db, identifier);
  if (!user || !user.password_hash) {
    dummyHash ??= ctx.passwords.hash('an unguessable dummy password');
    await ctx.passwords.verify(await dummyHash, input.password);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  // Per account as well as per address: guesses from many addresses still slow down (login-throttle.ts).
  // The attempt counts as a failure until the password proves right.
  await reserveLoginAttempt(ctx, user.id);
  if (!(await ctx.passwords.verify(user.password_hash, input.password))) throw unauthorized(INVALID_CREDENTIALS);
  await recordLoginSuccess(ctx, user.id);
  if (!user.is_active) throw forbidden(ACCOUNT_DISABLED);
  await mergeGuest(ctx, caller.sessionUserId, user.id);
  const updated = await updateUser(ctx.db, user.id, { last_login_at: nowIso(ctx) });
  return authAnswer(ctx, updated ?? user);
}

// --- Guests --------------------------------------------------------------------------------------

export interface GuestSignupInput {
  id: string;
  age?: number;
  gender?: number | string;
  web?: boolean | string;
  email?: string;
}

/** The survey part of a guest signup: age, gender, web, email and every poll_* answer. */
function signupAnswers(input: GuestSignupInput): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (key === 'age' || key === 'gender' || key === 'web' || key === 'email' || key.startsWith('poll_'))
      answers[key] = value;
  }
  return answers;
}

/**
 * Registers the visitor's client-made guest id (product.md#accounts). Idempotent: the same id always
 * maps to the same guest user, and each call starts a fresh session for it.
 */
export async function guestSignup(ctx: AppContext, input: GuestSignupInput): Promise<AuthAnswer> {
  const existing = await findUserByGuestId(ctx.db, input.id);
  if (existing) return guestSession(ctx, existing);
  const at = nowIso(ctx);
  const guestId = input.id;
  try {
    const user = await insertUser(ctx.db, {
      email: null,
      username: `guest_${guestId}`,
      password_hash: null,
      guest_id: guestId,
      signup_data: JSON.stringify(signupAnswers(input)),
      is_guest: true,
      gold_until: null,
      merged_into_user_id: null,
      last_login_at: at,
      created_at: at,
      updated_at: at,
    });
    return authAnswer(ctx, user);
  } catch (error) {
    // The client retries guest creation (product.md#accounts); a concurrent first call may have inserted the row.
    const raced = await findUserByGuestId(ctx.db, input.id);
    if (raced) return guestSession(ctx, raced);
    throw error;
  }
}

function guestSession(ctx: AppContext, guest: UserRow): Promise<AuthAnswer> {
  if (guest.merged_into_user_id !== null) {
    throw conflict('This guest has already been moved to an account. Sign in to that account instead.');
  }
  if (!guest.is_active) throw forbidden(ACCOUNT_DISABLED);
  return authAnswer(ctx, guest);
}

// --- Sessions ------------------------------------------------------------------------------------

/**
 * Rotates a refresh token: the presented token is spent and a new one of the same family returned.
 * Presenting a spent or revoked token means it was stolen or replayed, so the whole family (every
 * session descended from that sign-in) is revoked.
 */
export async function refreshSession(ctx: AppContext, refresh: string): Promise<TokenPair> {
  const row = await findRefreshToken(ctx.db, hashToken(refresh));
  const at = nowIso(ctx);
  if (!row) throw unauthorized(INVALID_REFRESH);
  if (row.used_at !== null || row.revoked_at !== null) {
    await revokeRefreshFamily(ctx.db, row.family_id, at);
    throw unauthorized('This refresh token was already used. For your safety, sign in again.');
  }
  if (row.expires_at <= at) throw unauthorized(INVALID_REFRESH);
  const user = await findUserById(ctx.db, row.user_id);
  if (!user || !user.is_active || user.merged_into_user_id !== null) {
    await revokeRefreshFamily(ctx.db, row.family_id, at);
    throw unauthorized(INVALID_REFRESH);
  }
  if (!(await consumeRefreshToken(ctx.db, row.id, at))) {
    await revokeRefreshFamily(ctx.db, row.family_id, at);
    throw unauthorized('This refresh token was already used. For your safety, sign in again.');
  }
  return issueSession(ctx, user.id, row.family_id);
}

export async function logout(ctx: AppContext, refresh: string | undefined) {
  if (!refresh) return;
  const row = await findRefreshToken(ctx.db, hashToken(refresh));
  if (row) await revokeRefreshFamily(ctx.db, row.family_id, nowIso(ctx));
}

/**
 * Signs the user out on every device: every refresh token of every family is revoked, so no session
 * can be renewed. Access tokens are stateless and carry no per-user version the server could bump
 * (the users table has no such column), so one already handed out keeps working until it expires,
 * at most `accessTokenTtlSeconds` (15 minutes) later.
 */
export async function logoutEverywhere(ctx: AppContext, userId: number) {
  await revokeAllRefreshTokens(ctx.db, userId, nowIso(ctx));
}

// --- Magic links ---------------------------------------------------------------------------------

/** Only same-site paths are kept as the after-sign-in destination (no open redirects). */
export function safeNextPath(next: string | undefined): string | null {
  if (!next) return null;
  return next.startsWith('/') && !next.startsWith('//') && !next.includes('\\') ? next : null;
}

interface LinkToMail {
  email: string;
  purpose: 'auth' | 'registration' | 'keep';
  nextPath?: string | null;
  requestedBy: number | null;
  keeps?: number | null;
  ttlSeconds: number;
  words: LinkMailWords;
}

/**
 * Stores a sign-in link and mails it (`?magic-link-registration=` for a new account, else
 * `?magic-link-auth=`), unless the address already had LINK_MAILS_PER_ADDRESS links within a link's
 * lifetime: then the link is dropped unsent. The count and the insert run as one transaction, one
 * address at a time (SQLite's single writer; a PostgreSQL advisory lock on the address), so concurrent
 * requests never send one more; dropped links are never stored, so a flood cannot keep the owner's next
 * link from going out once the earlier ones have expired.
 */
async function mailSignInLink(ctx: AppContext, caller: RequestFacts, link: LinkToMail) {
  const token = randomToken();
  const now = ctx.now();
  const since = addSeconds(now, -ctx.config.magicLinkTtlSeconds);
  const stored = await moneyTransaction(ctx, async (trx) => {
    await lockLinksTo(trx, ctx.dbKind, link.email);
    if ((await linksToAddressSince(trx, link.email, since)) >= LINK_MAILS_PER_ADDRESS) return false;
    await insertMagicLink(trx, {
      tokenHash: hashToken(token),
      email: link.email,
      purpose: link.purpose,
      nextPath: link.nextPath ?? null,
      requestedBy: link.requestedBy,
      keeps: link.keeps ?? null,
      expiresAt: addSeconds(now, link.ttlSeconds),
      createdAt: now.toISOString(),
    });
    return true;
  });
  if (!stored) return;
  const param = link.purpose === 'registration' ? 'magic-link-registration' : 'magic-link-auth';
  const { words } = link;
  const message = linkMail(
    link.email,
    words.subject,
    words.intro,
    words.linkLabel,
    appLink(ctx, caller, `${param}=${encodeURIComponent(token)}`),
    words.outro,
  );
  try {
    await ctx.mailer.send(message);
  } catch {
    throw new HttpError(503, 'We could not send the e-mail right now. Please try again in a minute.');
  }
}

/**
 * E-mails a sign-in link: `?magic-link-auth=` for an existing account, `?magic-link-registration=`
 * for a new address (product.md#accounts). An address a guest asked to keep its coins with gets that
 * guest back (a 'keep' link: it becomes the address's account). The answer is the same either way, so
 * it reveals nothing about accounts.
 */
export async function requestMagicLink(ctx: AppContext, caller: RequestFacts, input: { email: string; next?: string }) {
  const email = input.email.trim().toLowerCase();
  assertRealAddress(email);
  const user = await findUserByEmail(ctx.db, email);
  const requestedBy = await guestIdOfRequest(ctx, caller);
  const nextPath = safeNextPath(input.next);
  const ttlSeconds = ctx.config.magicLinkTtlSeconds;
  const minutes = Math.round(ttlSeconds / 60);
  // A known address gets the account's own language; a new one the language of the page that asked.
  const language = mailLanguage(user, caller.languages);
  if (user) {
    const words = signInMail(language, minutes);
    return mailSignInLink(ctx, caller, { email, purpose: 'auth', nextPath, requestedBy, ttlSeconds, words });
  }
  const kept = await guestKeptWith(ctx.db, email);
  if (kept !== null) {
    const words = recoveryMail(language, minutes);
    return mailSignInLink(ctx, caller, {
      email,
      purpose: 'keep',
      nextPath,
      requestedBy,
      keeps: kept,
      ttlSeconds,
      words,
    });
  }
  const words = registrationMail(language, minutes, MAGIC_LINK_SIGNUP_COINS);
  return mailSignInLink(ctx, caller, { email, purpose: 'registration', nextPath, requestedBy, ttlSeconds, words });
}

/**
 * "Keep your coins on any device" (issue #35): a guest gives an address right after paying. A free
 * address gets a 'keep' link that makes this guest its account once used (kept-guests.ts); an address
 * with an account gets that account's ordinary sign-in link, so only its owner can act and this guest
 * joins the account only when the owner opens it here. The answer is the same either way.
 */
export async function keepGuestWithAddress(ctx: AppContext, caller: RequestFacts, viewer: UserRow, rawEmail: string) {
  if (!viewer.is_guest) throw conflict('Your account already has an e-mail address.');
  const email = rawEmail.trim().toLowerCase();
  assertRealAddress(email);
  const owner = await findUserByEmail(ctx.db, email);
  const language = mailLanguage(owner ?? viewer, caller.languages);
  if (owner) {
    const ttlSeconds = ctx.config.magicLinkTtlSeconds;
    const words = signInMail(language, Math.round(ttlSeconds / 60));
    return mailSignInLink(ctx, caller, { email, purpose: 'auth', requestedBy: viewer.id, ttlSeconds, words });
  }
  const words = keepCoinsMail(language, KEEP_LINK_TTL_SECONDS / 3600);
  return mailSignInLink(ctx, caller, {
    email,
    purpose: 'keep',
    requestedBy: viewer.id,
    keeps: viewer.id,
    ttlSeconds: KEEP_LINK_TTL_SECONDS,
    words,
  });
}

export interface MagicLinkAnswer extends AuthAnswer {
  success: 1;
  id: number;
  email: string;
  next: string | null;
  /** Whether the link was asked for from this session (the same guest that now uses it). */
  requested_here: boolean;
  /** Whether this session's guest data (coins, unlocks, list, history, Gold) moved to the account. */
  guest_merged: boolean;
}

/**
 * Signs in (creating the account for a registration link) in one transaction: the link is used, the
 * account found or created with its one-time welcome coins, and — only when the link was asked for
 * from this very guest session — that guest merged. A link opened in any other session signs in and
 * moves nothing, so a link somebody else asked for can never carry this session's data away. A 'keep'
 * link first makes its guest the address's account (kept-guests.ts), then signs in to it the same way.
 */
export async function verifyMagicLink(ctx: AppContext, caller: RequestFacts, token: string): Promise<MagicLinkAnswer> {
  const sessionUserId = caller.sessionUserId;
  const { account, link, merged } = await signInTransaction(ctx, async (trx) => {
    const at = nowIso(ctx);
    const link = await consumeMagicLink(trx, hashToken(token), at);
    if (!link)
      throw badRequest('This sign-in link is invalid, was already used or has expired. Ask for a new one.', {
        success: 0,
      });
    if (link.keeps_user_id !== null)
      await giveAddressToGuest(ctx, trx, link.keeps_user_id, link.email, sessionUserId, at);
    let user = await findUserByEmail(trx, link.email);
    if (!user) {
      user = await insertUser(trx, {
        email: link.email,
        username: await usernameFor(trx, link.email),
        password_hash: null,
        guest_id: null,
        signup_data: null,
        email_verified: true,
        gold_until: null,
        merged_into_user_id: null,
        last_login_at: at,
        created_at: at,
        updated_at: at,
      });
      // The welcome (product.md#rewards): 100 coins, once per account (the ledger reference makes a second
      // credit a no-op), while the day's free coins of the caller's address and device last; the account is
      // made either way.
      const limits = ctx.config.freeCoins ?? DEFAULT_FREE_COIN_LIMITS;
      if (await takeFreeCoins(trx, limits, caller.freeCoinSource, MAGIC_LINK_SIGNUP_COINS, ctx.now())) {
        await applyEntry(trx, {
          userId: user.id,
          delta: MAGIC_LINK_SIGNUP_COINS,
          reason: REGISTRATION_BONUS_REASON,
          reference: 'registration',
          createdAt: at,
        });
      }
    } else {
      if (!user.is_active) throw forbidden(ACCOUNT_DISABLED);
      await updateUser(trx, user.id, { email_verified: true, last_login_at: at, updated_at: at });
    }
    const requester = link.requested_by_user_id;
    const merged =
      requester !== null && requester === sessionUserId
        ? (await mergeGuestLocked(ctx, trx, requester, user.id, at)).moved
        : false;
    return { account: (await findUserById(trx, user.id)) as UserRow, link, merged };
  });

  const answer = await authAnswer(ctx, account);
  return {
    success: 1,
    id: account.id,
    email: link.email,
    next: link.next_path,
    requested_here: link.requested_by_user_id !== null && link.requested_by_user_id === sessionUserId,
    guest_merged: merged,
    ...answer,
  };
}

// --- Passwords and e-mail ------------------------------------------------------------------------

export async function requestPasswordReset(ctx: AppContext, caller: RequestFacts, rawEmail: string) {
  const email = rawEmail.trim().toLowerCase();
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !user.is_active) return;
  const token = randomToken();
  const now = ctx.now();
  await insertPasswordReset(ctx.db, {
    userId: user.id,
    requestedBy: await guestIdOfRequest(ctx, caller),
    tokenHash: hashToken(token),
    expiresAt: addSeconds(now, PASSWORD_RESET_TTL_SECONDS),
    createdAt: now.toISOString(),
  });
  const words = passwordResetMail(mailLanguage(user, caller.languages));
  // Sent after answering, so a known address takes no longer to answer than an unknown one.
  sendInBackground(caller, () =>
    ctx.mailer.send(
      linkMail(
        email,
        words.subject,
        words.intro,
        words.linkLabel,
        appLink(ctx, caller, `reset-password=${encodeURIComponent(token)}`, '/profile'),
        words.outro,
      ),
    ),
  );
}

/**
 * Sets the new password; answers whether this session's guest data moved to the account, which
 * happens only when the reset was asked for from this very guest session (as with magic links).
 */
export async function confirmPasswordReset(
  ctx: AppContext,
  caller: RequestFacts,
  token: string,
  password: string,
): Promise<{ guest_merged: boolean }> {
  const passwordHash = await ctx.passwords.hash(password);
  const sessionUserId = caller.sessionUserId;
  return moneyTransaction(ctx, async (trx) => {
    const at = nowIso(ctx);
    const reset = await consumePasswordReset(trx, hashToken(token), at);
    if (!reset) throw badRequest('This reset link is invalid, was already used or has expired. Ask for a new one.');
    // Following the link proved the inbox; every existing session ends with the old password.
    await updateUser(trx, reset.user_id, { password_hash: passwordHash, email_verified: true, updated_at: at });
    await revokeAllRefreshTokens(trx, reset.user_id, at);
    // The owner proved the inbox: a slow-down that guesses caused ends with the new password.
    await recordLoginSuccess(ctx, reset.user_id, trx);
    const requester = reset.requested_by_user_id;
    const bound = requester !== null && requester === sessionUserId;
    const merged = bound ? (await mergeGuestLocked(ctx, trx, requester, reset.user_id, at)).moved : false;
    return { guest_merged: merged };
  });
}

export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  input: { old_password: string; new_password: string },
): Promise<TokenPair> {
  if (!user.password_hash || !(await ctx.passwords.verify(user.password_hash, input.old_password))) {
    throw badRequest('The current password is incorrect');
  }
  if (input.old_password === input.new_password) throw badRequest('The new password must differ from the current one');
  const at = nowIso(ctx);
  await updateUser(ctx.db, user.id, { password_hash: await ctx.passwords.hash(input.new_password), updated_at: at });
  // Other devices signed in with the old password are signed out; this one gets a fresh session.
  await revokeAllRefreshTokens(ctx.db, user.id, at);
  return issueSession(ctx, user.id);
}

export const PASSWORD_ALREADY_SET =
  'Your account already has a password. Change it with your current password, or reset it by e-mail.';
export const GUEST_CANNOT_SET_PASSWORD = 'Create an account or sign in before you set a password.';

/**
 * A first password for an account made by magic link. Only an account with no password at all may
 * set one this way: the update itself requires the stored password to be empty, so a session can
 * never replace an existing password without knowing it, even when two requests race.
 */
export async function setFirstPassword(
  ctx: AppContext,
  user: UserRow,
  input: { new_password: string },
): Promise<TokenPair> {
  if (user.is_guest) throw forbidden(GUEST_CANNOT_SET_PASSWORD);
  if (user.password_hash !== null) throw conflict(PASSWORD_ALREADY_SET);
  const at = nowIso(ctx);
  const passwordHash = await ctx.passwords.hash(input.new_password);
  if (!(await storeFirstPassword(ctx.db, user.id, passwordHash, at))) throw conflict(PASSWORD_ALREADY_SET);
  // Same rule as a password change: other devices are signed out, this one gets a fresh session.
  await revokeAllRefreshTokens(ctx.db, user.id, at);
  return issueSession(ctx, user.id);
}

export async function verifyEmail(ctx: AppContext, token: string) {
  const at = nowIso(ctx);
  const verification = await consumeEmailVerification(ctx.db, hashToken(token), at);
  if (!verification) throw badRequest('This verification link is invalid, was already used or has expired');
  const user = await findUserById(ctx.db, verification.user_id);
  // A link for an address the user has since changed verifies nothing.
  if (!user || user.email !== verification.email)
    throw badRequest('This verification link no longer matches your account');
  await updateUser(ctx.db, user.id, { email_verified: true, updated_at: at });
}
