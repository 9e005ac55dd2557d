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
import { findUserById, insertUser } from '../users/users.repository';
import { toUserDto } from '../users/users.service';
import type { StaffRegisterBody } from './admin.schemas';
import * as repo from './admin-access.repository';

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
    const id = await repo.insertInvitation(trx, {
      code_hash: hashToken(normalise(code)),
      created_by: actor.id,
      expires_at: expiresAt,
      created_at: at,
    });
    await recordAudit(trx, {
      actor,
      action: 'invitation.create',
      entity: 'invitation',
      entityId: id,
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
  const invitation = await repo.findInvitationByHash(db, hashToken(normalise(body.invitation_code)));
  if (!invitation || invitation.used_at !== null || invitation.expires_at <= at) throw badRequest(INVALID_INVITATION);
  const passwordHash = await ctx.passwords.hash(body.password);
  const userId = await db.transaction().execute(async (trx) => {
    // Claiming the code first, conditionally, makes a code good for exactly one account under races.
    if (!(await repo.claimInvitation(trx, invitation.id, at))) throw badRequest(INVALID_INVITATION);
    const taken = await repo.userWithEmailOrUsername(trx, email, username);
    if (taken) {
      throw conflict(
        taken.email === email ? 'An account with this e-mail address already exists' : 'That username is already taken',
      );
    }
    let created: { id: number };
    try {
      created = await insertUser(trx, {
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
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('An account with this e-mail address or username already exists');
      throw error;
    }
    await repo.recordInvitationUser(trx, invitation.id, created.id);
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
  const user = await findUserById(db, userId);
  if (!user) throw new Error(`The new staff account ${userId} is missing`);
  const tokens = await issueSession(ctx, userId);
  return { ...tokens, user: toUserDto(user, ctx.now()) };
}
