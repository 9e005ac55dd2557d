/**
 * Who may become staff: a superuser invites a colleague by e-mail (or issues a bare code), and a new
 * staff account is created only with a valid, unused, unexpired, unrevoked code — for the invited
 * address. The code goes out once (in the mail, or the answer); only its hash is kept. Superusers list
 * invitations with their status and revoke pending ones; every step is audited.
 */
import { randomBytes } from 'node:crypto';
import { STAFF_INVITATION_HOURS } from '@cliffhanger/shared/constants';
import type { Static } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors';
import { hashToken } from '../../http/tokens';
import { recordAudit } from '../../kernel/audit-log';
import type { RequestFacts } from '../../kernel/identity';
import { isUniqueViolation } from '../../kernel/money-transaction';
import { linkMail } from '../../mail/mailer';
import { mailSiteOrigin } from '../../mail/site-origin';
import { issueSession } from '../auth/auth.service';
import { mailLanguage } from '../auth/auth-mails';
import { findUserById, insertUser } from '../users/users.repository';
import { toUserDto } from '../users/users.service';
import type { InvitationBody, StaffRegisterBody } from './admin.schemas';
import * as repo from './admin-access.repository';
import { invitationMail } from './invitation-mail';

export const INVALID_INVITATION = 'This invitation code is not valid. It may be mistyped, used already or expired.';
const INVITATION_ELSEWHERE =
  'This invitation was made for another e-mail address. Please register with the address it was sent to.';

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

/**
 * A new invitation. With an e-mail address it is good for that address only and is mailed to it, with
 * a link that opens the staff registration filled in, and it replaces that address's pending ones;
 * without one it is a bare code to hand over.
 */
export async function createInvitation(
  ctx: AppContext,
  actor: UserRow,
  body: Static<typeof InvitationBody>,
  caller: RequestFacts,
) {
  requireSuperuser(actor);
  const email = body.email?.trim().toLowerCase() ?? null;
  const code = newCode();
  const now = ctx.now();
  const at = now.toISOString();
  const validHours = body.valid_hours ?? STAFF_INVITATION_HOURS;
  const expiresAt = new Date(now.getTime() + validHours * 3_600_000).toISOString();
  if (email && (await repo.userWithEmailOrUsername(ctx.db, email, ''))) {
    throw conflict('An account with this e-mail address already exists');
  }
  await ctx.db.transaction().execute(async (trx) => {
    // Only the newest invitation of an address works: the older links stop when a new one is sent.
    const replaced = email ? await repo.revokePendingFor(trx, email, at) : [];
    const id = await repo.insertInvitation(trx, {
      code_hash: hashToken(normalise(code)),
      created_by: actor.id,
      email,
      expires_at: expiresAt,
      created_at: at,
    });
    await recordAudit(trx, {
      actor,
      action: 'invitation.create',
      entity: 'invitation',
      entityId: id,
      after: { email, expires_at: expiresAt, ...(replaced.length > 0 && { replaced }) },
      at,
    });
  });
  if (email) {
    const query = new URLSearchParams({ code, email });
    const link = `${mailSiteOrigin(ctx.config, caller.origin)}/admin-register?${query}`;
    const words = invitationMail(mailLanguage(null, caller.languages), actor.email ?? actor.username, validHours);
    await ctx.mailer.send(linkMail(email, words.subject, words.intro, words.linkLabel, link, words.outro));
  }
  return { code, expires_at: expiresAt };
}

/** Where an invitation stands at `at`. */
function statusOf(row: { used_at: string | null; revoked_at: string | null; expires_at: string }, at: string) {
  if (row.used_at !== null) return 'used' as const;
  if (row.revoked_at !== null) return 'revoked' as const;
  return row.expires_at <= at ? ('expired' as const) : ('pending' as const);
}

/** Every invitation, newest first, with its status and who made and used it. */
export async function listInvitations(ctx: AppContext, actor: UserRow) {
  requireSuperuser(actor);
  const at = nowIso(ctx);
  const rows = await repo.invitationList(ctx.db);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    status: statusOf(row, at),
    created_by_email: row.created_by_email,
    created_at: row.created_at,
    expires_at: row.expires_at,
    used_at: row.used_at,
    used_by_email: row.used_by_email,
    revoked_at: row.revoked_at,
  }));
}

/** Withdraws a pending invitation: its code registers nobody from now on. */
export async function revokeInvitation(ctx: AppContext, actor: UserRow, id: number) {
  requireSuperuser(actor);
  const at = nowIso(ctx);
  const before = await repo.findInvitation(ctx.db, id);
  if (!before) throw notFound('Invitation not found');
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.revokeInvitation(trx, id, at))) {
      throw new HttpError(
        409,
        'Only a pending invitation can be revoked: this one was used, expired or revoked already',
      );
    }
    await recordAudit(trx, {
      actor,
      action: 'invitation.revoke',
      entity: 'invitation',
      entityId: id,
      before: { email: before.email, status: statusOf(before, at) },
      after: { email: before.email, status: 'revoked' },
      at,
    });
  });
  const [entry] = (await listInvitations(ctx, actor)).filter((row) => row.id === id);
  return entry;
}

export async function registerStaff(ctx: AppContext, body: Static<typeof StaffRegisterBody>) {
  const email = body.email.trim().toLowerCase();
  const username = body.username.trim();
  const at = nowIso(ctx);
  const db = ctx.db;
  const invitation = await repo.findInvitationByHash(db, hashToken(normalise(body.invitation_code)));
  if (!invitation || statusOf(invitation, at) !== 'pending') throw badRequest(INVALID_INVITATION);
  if (invitation.email !== null && invitation.email !== email) throw badRequest(INVITATION_ELSEWHERE);
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
