/**
 * Users as the API shows them (every User field (product.md#entities) plus the public-profile flags), Gold status, and
 * the profile fields a user may change about themselves.
 */

import { GUEST_EMAIL_DOMAIN } from '@cliffhanger/shared/constants';
import type { PublicProfileFlags, UserProfile } from '@cliffhanger/shared/entities';
import { isLanguage, type Language } from '@cliffhanger/shared/languages';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { UserRow } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { isUniqueViolation } from '../../kernel/money-transaction';
import { getSetting } from '../settings/settings.service';
import { currentSubscription } from './gold-membership.repository';
import { toSubscriptionDto } from './subscription-dto';
import { isUsernameTaken, updateUser } from './users.repository';

export type UserDto = UserProfile;

/** Gold: granted outright, or a subscription period that has not ended (product.md#gold). */
export function isGoldMember(row: UserRow, now: Date): boolean {
  return Boolean(row.is_gold_member) || (row.gold_until !== null && row.gold_until > now.toISOString());
}

export function publicFlags(row: UserRow, now: Date): PublicProfileFlags {
  const activeSubscription = row.gold_until !== null && row.gold_until > now.toISOString();
  return {
    paying: Boolean(row.is_premium) || activeSubscription,
    registered: !row.is_guest,
    verified: Boolean(row.email_verified),
    has_active_subs: activeSubscription,
  };
}

export function guestEmail(guestId: string): string {
  return `${guestId}@${GUEST_EMAIL_DOMAIN}`;
}

export function toUserDto(row: UserRow, now: Date): UserDto {
  return {
    id: row.id,
    email: row.email ?? (row.guest_id ? guestEmail(row.guest_id) : ''),
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    is_guest: Boolean(row.is_guest),
    is_premium: Boolean(row.is_premium),
    is_gold_member: isGoldMember(row, now),
    is_staff: Boolean(row.is_staff),
    is_superuser: Boolean(row.is_superuser),
    coin_balance: row.coin_balance,
    // Filled by `withSubscription` where an answer is the profile itself (it needs a query).
    subscription: null,
    created_at: row.created_at,
    email_verified: Boolean(row.email_verified),
    has_password: row.password_hash !== null,
    language: isLanguage(row.language) ? row.language : null,
    ...publicFlags(row, now),
  };
}

/** The profile with its current Gold subscription (User.subscription, product.md#entities), or null when none. */
export async function withSubscription(ctx: AppContext, dto: UserDto): Promise<UserDto> {
  const row = await currentSubscription(ctx.db, dto.id, ctx.now().toISOString());
  if (!row) return dto;
  return { ...dto, subscription: toSubscriptionDto(row, await getSetting(ctx, 'gold_plans'), ctx.now()) };
}

export interface ProfileChanges {
  username?: string;
  first_name?: string;
  last_name?: string;
  language?: Language | null;
}

/**
 * Only the fields in `ProfileChanges` can change here; the schema rejects anything else, so flags,
 * coins and email never change through the profile (email changes need a verified address).
 */
export async function updateProfile(ctx: AppContext, userId: number, changes: ProfileChanges): Promise<UserDto> {
  if (changes.username !== undefined && (await isUsernameTaken(ctx.db, changes.username, userId))) {
    throw conflict('That username is already taken');
  }
  let updated: Awaited<ReturnType<typeof updateUser>>;
  try {
    updated = await updateUser(ctx.db, userId, { ...changes, updated_at: nowIso(ctx) });
  } catch (error) {
    // Another account took the name (in any letter case) between the check and the write.
    if (isUniqueViolation(error)) throw conflict('That username is already taken');
    throw error;
  }
  if (!updated) throw notFound('User not found');
  return withSubscription(ctx, toUserDto(updated, ctx.now()));
}
