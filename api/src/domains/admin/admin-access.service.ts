/**
 * Who may become staff: a superuser issues a one-time invitation code, and a new staff account is
 * created only with a valid, unused, unexpired code. The code is shown once; only its hash is kept.
 */
import { randomBytes } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, forbidden } from '../../http/errors';
import { recordAudit } from '../../kernel/audit-log';
import { isUniqueViolation } from '../../kernel/money-transaction';
import { hashToken } from '../../kernel/tokens';
import { issueSession } from '../auth/auth.service';
import { toUserDto } from '../users/users.service';
import type { StaffRegisterBody } from './admin.schemas';

export const INVALID_INVITATION = 'This invitation code is not valid. It may be mistyped, used already or expired.';

export function requireSuperuser(user: UserRow) {
  if (!user.is_superuser) throw forbidden('Only a superuser can do this');
}

/** Codes are grouped for reading aloud or typing: XXXX-XXXX-XXXX-XXXX, no look-alike characters. */
function newCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(16);
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
  return chars.match(/.{4}/g)?.join('-') ?? chars;
}

const normalise = (code: string) => code.trim().toUpperCase().replace(/\s+/g, '');

export async function createInvitation(ctx: AppContext, actor: UserRow, validHours: number) {
  requireSuperuser(actor);
  const code = newCode();
  const now = ctx.now();
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + validHours * 3_600_000).toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('staff_invitations')
      .values({ code_hash: hashToken(normalise(code)), created_by: actor.id, expires_at: expiresAt, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor,
      action: 'invitation.create',
      entity: 'invitation',
      entityId: row.id,
      after: { expires_at: expiresAt },
      at,
    });
  });
  return { code, expires_at: expiresAt };
}

export async function registerStaff(ctx: AppContext, body: Static<typeof StaffRegisterBody>) {
  const email = body.email.trim().toLowerCase();
  const username = body.username.trim();
  const at = nowIso(ctx);
  const db = ctx.db;
  const invitation = await db
    .selectFrom('staff_invitations')
    .selectAll()
    .where('code_hash', '=', hashToken(normalise(body.invitation_code)))
    .executeTakeFirst();
  if (!invitation || invitation.used_at !== null || invitation.expires_at <= at) throw badRequest(INVALID_INVITATION);
  const passwordHash = await ctx.passwords.hash(body.password);
  const userId = await db.transaction().execute(async (trx) => {
    // Claiming the code first, conditionally, makes a code good for exactly one account under races.
    const claimed = await trx
      .updateTable('staff_invitations')
      .set({ used_at: at })
      .where('id', '=', invitation.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw badRequest(INVALID_INVITATION);
    const taken = await trx
      .selectFrom('users')
      .select(['email', 'username'])
      .where((eb) => eb.or([eb('email', '=', email), eb('username', '=', username)]))
      .executeTakeFirst();
    if (taken) {
      throw conflict(
        taken.email === email ? 'An account with this e-mail address already exists' : 'That username is already taken',
      );
    }
    let created: { id: number };
    try {
      created = await trx
        .insertInto('users')
        .values({
          email,
          username,
          password_hash: passwordHash,
          guest_id: null,
          signup_data: null,
          gold_until: null,
          is_staff: true,
          merged_into_user_id: null,
          last_login_at: at,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('An account with this e-mail address or username already exists');
      throw error;
    }
    await trx.updateTable('staff_invitations').set({ used_by: created.id }).where('id', '=', invitation.id).execute();
    await recordAudit(trx, {
      actor: { id: created.id, email },
      action: 'staff.register',
      entity: 'user',
      entityId: created.id,
      after: { email, username, is_staff: true, invitation_id: invitation.id },
      at,
    });
    return created.id;
  });
  const user = (await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow()) as UserRow;
  const tokens = await issueSession(ctx, userId);
  return { ...tokens, user: toUserDto(user, ctx.now()) };
}
