/**
 * A guest keeps what it owns with an e-mail address (product.md#accounts, issue #35). Right after a
 * purchase the guest gives an address; the link mailed there (purpose 'keep', `keeps_user_id`) makes
 * that very guest the address's account when it is used, so its coins, ledger, unlocks, Gold and
 * saved cards stay exactly where they are. A session lost later (a refused refresh token, cleared
 * storage, another browser) comes back through a sign-in link to the address.
 *
 * - Nothing is stored on the guest before the link is used: the address is unconfirmed until then.
 * - An address that already has an account is never given to the guest: the owner gets an ordinary
 *   sign-in link, which moves this guest's data only when opened in this guest's session.
 * - Using the link from any other session ends the guest's older sessions: whoever holds the inbox
 *   holds the account, so a guest that gave somebody else's address keeps no way into it.
 */
import { KEEP_COINS_LINK_TTL_HOURS } from '@cliffhanger/shared/constants';
import type { AppContext } from '../../context';
import type { Trx } from '../../db/schema';
import { lockUser } from '../../kernel/money-transaction';
import { findUserByEmail, updateUser, usernameFor } from '../users/users.repository';
import { revokeAllRefreshTokens } from './auth.repository';

export const KEEP_LINK_TTL_SECONDS = KEEP_COINS_LINK_TTL_HOURS * 60 * 60;

/**
 * Inside the sign-in transaction of a used 'keep' link: makes the guest the account of `email`, unless
 * it is no longer a guest of its own or the address found an account first (then the link signs in to
 * that account like any other). Answers whether the guest became the account.
 */
export async function giveAddressToGuest(
  ctx: AppContext,
  trx: Trx,
  guestId: number,
  email: string,
  sessionUserId: number | null,
  at: string,
): Promise<boolean> {
  const guest = await lockUser(ctx, trx, guestId);
  if (!guest || !guest.is_guest || !guest.is_active || guest.merged_into_user_id !== null) return false;
  if (await findUserByEmail(trx, email)) return false;
  await updateUser(trx, guest.id, {
    email,
    email_verified: true,
    is_guest: false,
    // The guest id signed the guest up again without a password; an account needs the address.
    guest_id: null,
    username: await usernameFor(trx, email),
    last_login_at: at,
    updated_at: at,
  });
  if (sessionUserId !== guest.id) await revokeAllRefreshTokens(trx, guest.id, at);
  return true;
}
