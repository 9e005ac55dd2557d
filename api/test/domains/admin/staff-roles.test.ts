/**
 * Roles and staff invitations (issue #39): every account shows one plain role; a superuser invites a
 * colleague by e-mail (single-use, expiring, revocable, for that address only), changes a staff
 * member's role and revokes staff access, all audited; a plain staff member can do none of it, and
 * their refusals never carry the "not staff" code that sends a browser to the staff sign-in.
 */
import { STAFF_ACCESS_REQUIRED } from '@cliffhanger/shared/constants';
import { databaseKinds } from '../../support/databases';
import { registerUser } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { type Cast, signUpCast } from './staff-fixtures';

describe.each(databaseKinds())('roles and staff invitations (%s)', (kind) => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await createTestApp(kind);
    cast = await signUpCast(t);
  });
  afterAll(() => t.close());

  const as = (who: keyof Cast) => bearer(cast[who].access);
  const invite = (payload: Record<string, unknown>, who: keyof Cast = 'superuser') =>
    call(t.app, { method: 'POST', url: '/api/admin/invitations/', headers: as(who), payload });
  const invitations = async () =>
    (await call(t.app, { url: '/api/admin/invitations/', headers: as('superuser') })).json() as Array<{
      id: number;
      email: string | null;
      status: string;
      used_by_email: string | null;
    }>;
  const register = (code: string, email: string, extra: Record<string, unknown> = {}, remoteAddress?: string) =>
    call(t.app, {
      method: 'POST',
      url: '/api/admin/register/',
      payload: {
        email,
        username: email.split('@')[0]?.replace(/[^A-Za-z0-9]/g, '') ?? 'x',
        password: 'long-enough-1',
        invitation_code: code,
        ...extra,
      },
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const setRole = (who: keyof Cast, userId: number, role: string) =>
    call(t.app, { method: 'PATCH', url: `/api/admin/users/${userId}/`, headers: as(who), payload: { role } });
  const auditOf = (action: string, entityId: number) =>
    t.ctx.db
      .selectFrom('audit_log')
      .select(['actor_id', 'before_json', 'after_json'])
      .where('action', '=', action)
      .where('entity_id', '=', String(entityId))
      .orderBy('id')
      .execute();

  it('shows each account with one plain role: guest, viewer, staff or superuser', async () => {
    const list = await call(t.app, { url: '/api/admin/users/?role=all&limit=100', headers: as('staff') });
    const roles = new Map(
      (list.json().results as Array<{ id: number; role: string }>).map((user) => [user.id, user.role]),
    );
    expect(roles.get(cast.guest.user.id)).toBe('guest');
    expect(roles.get(cast.viewer.user.id)).toBe('viewer');
    expect(roles.get(cast.staff.user.id)).toBe('staff');
    expect(roles.get(cast.superuser.user.id)).toBe('superuser');
    const supers = await call(t.app, { url: '/api/admin/users/?role=superuser', headers: as('staff') });
    expect((supers.json().results as Array<{ id: number }>).map((user) => user.id)).toEqual([cast.superuser.user.id]);
  });

  it('tells each staff member their grant limit (none for a superuser)', async () => {
    const staff = await call(t.app, { url: '/api/admin/me/', headers: as('staff') });
    expect(staff.json()).toMatchObject({ role: 'staff', grant_limit: 1000 });
    const superuser = await call(t.app, { url: '/api/admin/me/', headers: as('superuser') });
    expect(superuser.json()).toMatchObject({ role: 'superuser', grant_limit: null });
  });

  it('mails an e-mail invitation that registers that address once, as staff, and lists it as used', async () => {
    const email = `colleague-${kind}@example.com`;
    const made = await invite({ email: email.toUpperCase(), valid_hours: 24 });
    expect(made.statusCode).toBe(201);
    const { code } = made.json();
    const mail = t.ctx.mailer.recent(5).find((sent) => sent.to === email);
    expect(mail?.text).toContain(`/admin-register?code=${code}`);
    expect(mail?.text).toMatch(/works once, for this address only, and expires in 24 hours/);
    expect((await invitations()).find((row) => row.email === email)?.status).toBe('pending');

    const elsewhere = await register(code, `someone-else-${kind}@example.com`);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toMatch(/made for another e-mail address/);

    const created = await register(code, email);
    expect(created.statusCode).toBe(201);
    expect(created.json().user).toMatchObject({ is_staff: true, is_superuser: false });
    const row = (await invitations()).find((entry) => entry.email === email);
    expect(row).toMatchObject({ status: 'used', used_by_email: email });
    expect((await register(code, email)).statusCode).toBe(400);
    expect(await auditOf('invitation.create', row?.id ?? 0)).toHaveLength(1);
  });

  it('refuses an expired invitation, and a revoked one; only a pending one can be revoked', async () => {
    const expired = (await invite({ email: `late-${kind}@example.com` })).json().code as string;
    await t.ctx.db
      .updateTable('staff_invitations')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('email', '=', `late-${kind}@example.com`)
      .execute();
    expect((await register(expired, `late-${kind}@example.com`)).statusCode).toBe(400);
    const late = (await invitations()).find((row) => row.email === `late-${kind}@example.com`);
    expect(late?.status).toBe('expired');
    const revokeLate = await call(t.app, {
      method: 'POST',
      url: `/api/admin/invitations/${late?.id}/revoke/`,
      headers: as('superuser'),
    });
    expect(revokeLate.statusCode).toBe(409);

    const withdrawn = (await invite({ email: `withdrawn-${kind}@example.com` })).json().code as string;
    const pending = (await invitations()).find((row) => row.email === `withdrawn-${kind}@example.com`);
    const revoke = () =>
      call(t.app, { method: 'POST', url: `/api/admin/invitations/${pending?.id}/revoke/`, headers: as('superuser') });
    const revoked = await revoke();
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().status).toBe('revoked');
    expect((await revoke()).statusCode).toBe(409);
    expect((await register(withdrawn, `withdrawn-${kind}@example.com`)).statusCode).toBe(400);
    const [audit] = await auditOf('invitation.revoke', pending?.id ?? 0);
    expect(audit?.actor_id).toBe(cast.superuser.user.id);
  });

  it('lets only the newest invitation of an address work: sending again replaces the pending one', async () => {
    const email = `twice-${kind}@example.com`;
    const first = (await invite({ email })).json().code as string;
    const second = (await invite({ email })).json().code as string;
    const rows = (await invitations()).filter((row) => row.email === email);
    expect(rows.map((row) => row.status)).toEqual(['pending', 'revoked']);
    expect((await register(first, email)).statusCode).toBe(400);
    expect((await register(second, email)).statusCode).toBe(201);
  });

  it('refuses to invite an address that has an account already (409)', async () => {
    const taken = await invite({ email: cast.viewer.user.email });
    expect(taken.statusCode).toBe(409);
  });

  it('makes exactly one account when 50 registrations race with one invitation', async () => {
    const { code } = (await invite({})).json();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        register(code, `racer-${i}-${kind}@example.com`, {}, `10.9.${Math.floor(i / 200)}.${(i % 200) + 1}`),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 400)).toBe(true);
    const made = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', 'like', `racer-%-${kind}@example.com`)
      .execute();
    expect(made).toHaveLength(1);
  });

  it('lets a superuser make staff a superuser, back to staff, and revoke staff access, each audited', async () => {
    const colleague = await registerUser(t.app, `promoted-${kind}@example.com`);
    const id = colleague.user.id;
    for (const role of ['staff', 'superuser', 'staff', 'viewer'] as const) {
      const changed = await setRole('superuser', id, role);
      expect(changed.statusCode).toBe(200);
      expect(changed.json().role).toBe(role);
    }
    const trail = (await auditOf('user.role_change', id)).map((row) => [
      JSON.parse(row.before_json ?? '{}').role,
      JSON.parse(row.after_json ?? '{}').role,
    ]);
    expect(trail).toEqual([
      ['viewer', 'staff'],
      ['staff', 'superuser'],
      ['superuser', 'staff'],
      ['staff', 'viewer'],
    ]);
    // Revoked: the very next staff request is refused with the "not staff" code.
    const after = await call(t.app, { url: '/api/admin/me/', headers: bearer(colleague.access) });
    expect(after.statusCode).toBe(403);
    expect(after.json().code).toBe(STAFF_ACCESS_REQUIRED);
  });

  it('keeps invitations and roles from plain staff: 403 that explains itself, without the "not staff" code', async () => {
    const refused = [
      await invite({ email: `nope-${kind}@example.com` }, 'staff'),
      await call(t.app, { url: '/api/admin/invitations/', headers: as('staff') }),
      await call(t.app, { method: 'POST', url: '/api/admin/invitations/1/revoke/', headers: as('staff') }),
      await setRole('staff', cast.viewer.user.id, 'staff'),
      await setRole('staff', cast.staff.user.id, 'superuser'),
      await setRole('staff', cast.superuser.user.id, 'viewer'),
    ];
    for (const answer of refused) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toMatch(/superuser/);
      expect(answer.json().code).toBeUndefined();
    }
    const me = await call(t.app, { url: '/api/admin/me/', headers: as('staff') });
    expect(me.json().role).toBe('staff');
  });

  it('cannot be escalated by forging a role or a flag in a body', async () => {
    const forgedFlags = await call(t.app, {
      method: 'PATCH',
      url: `/api/admin/users/${cast.staff.user.id}/`,
      headers: as('staff'),
      payload: { is_superuser: true },
    });
    expect(forgedFlags.statusCode).toBe(400);
    const { code } = (await invite({})).json();
    const forgedSignUp = await register(code, `forger-${kind}@example.com`, { role: 'superuser', is_superuser: true });
    expect(forgedSignUp.statusCode).toBe(400);
    const unknownRole = await setRole('superuser', cast.viewer.user.id, 'owner');
    expect(unknownRole.statusCode).toBe(400);
    const staff = await t.ctx.db
      .selectFrom('users')
      .select(['is_superuser'])
      .where('id', '=', cast.staff.user.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(staff.is_superuser)).toBe(false);
  });

  it('does not let a superuser change their own role, nor give a guest one', async () => {
    expect((await setRole('superuser', cast.superuser.user.id, 'viewer')).statusCode).toBe(400);
    expect((await setRole('superuser', cast.guest.user.id, 'staff')).statusCode).toBe(400);
  });
});
