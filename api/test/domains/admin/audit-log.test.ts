/**
 * The audit log as the staff screen reads it (issue #39): filtered by person, action and days, paged,
 * each row with the fields it changed; exported as CSV that a spreadsheet cannot run as formulas; for
 * superusers only. And a staff grant keeps the reason typed on its ledger row, which staff read and the
 * viewer's own transactions do not show.
 */
import { auditChanges } from '../../../src/domains/admin/audit.service';
import { databaseKinds } from '../../support/databases';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { type Cast, signUpCast } from './staff-fixtures';

describe('audit rows in words', () => {
  it('lists only the fields that changed, each with its value before and after', () => {
    expect(
      auditChanges({ coin_balance: 0, role: 'staff' }, { coin_balance: 40, role: 'staff', reason: 'Gift' }),
    ).toEqual([
      { field: 'coin_balance', before: 0, after: 40 },
      { field: 'reason', before: null, after: 'Gift' },
    ]);
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges('a', 'b')).toEqual([{ field: '', before: 'a', after: 'b' }]);
  });
});

describe.each(databaseKinds())('the audit log screen (%s)', (kind) => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await createTestApp(kind);
    cast = await signUpCast(t);
    const grant = (who: keyof Cast, amount: number, reason: string) =>
      call(t.app, {
        method: 'POST',
        url: `/api/admin/users/${cast.viewer.user.id}/coins/`,
        headers: bearer(cast[who].access),
        payload: { amount, reason },
      });
    await grant('staff', 40, '=HYPERLINK("http://evil.example","click")');
    await grant('superuser', -15, 'Prize awarded twice, "oops"');
    await t.ctx.db
      .insertInto('audit_log')
      .values({
        actor_id: cast.superuser.user.id,
        actor_email: cast.superuser.user.email,
        action: 'settings.update',
        entity: 'setting',
        entity_id: 'feature_switches',
        before_json: '{"coin_store":true}',
        after_json: '{"coin_store":false}',
        created_at: '2026-01-15T10:00:00.000Z',
      })
      .execute();
    await t.ctx.db
      .insertInto('audit_log')
      .values({
        actor_id: null,
        actor_email: "=cmd|' /C calc'!A0@example.com",
        action: 'settings.update',
        entity: 'setting',
        entity_id: 'x',
        before_json: null,
        after_json: null,
        created_at: '2026-02-01T10:00:00.000Z',
      })
      .execute();
  });
  afterAll(() => t.close());

  const audit = (query: string, who: keyof Cast = 'superuser') =>
    call(t.app, { url: `/api/admin/audit/${query}`, headers: bearer(cast[who].access) });
  type Row = {
    action: string;
    actor_email: string;
    changes: Array<{ field: string; before: unknown; after: unknown }>;
  };
  const rows = async (query: string) => (await audit(query)).json().results as Row[];

  it('filters by action, by person and by days, and pages', async () => {
    expect((await rows('?action=user.coins_granted')).map((row) => row.action)).toEqual(['user.coins_granted']);
    expect((await rows('?action=user.')).map((row) => row.action).sort()).toEqual([
      'user.coins_deducted',
      'user.coins_granted',
    ]);
    const byStaff = await rows(`?actor=${encodeURIComponent(cast.staff.user.email.slice(0, 8).toUpperCase())}`);
    expect(byStaff.map((row) => row.actor_email)).toEqual([cast.staff.user.email]);
    const january = await rows('?from=2026-01-15&to=2026-01-15');
    expect(january.map((row) => row.action)).toEqual(['settings.update']);
    expect(january[0]?.changes).toEqual([{ field: 'coin_store', before: true, after: false }]);
    expect(await rows('?from=2026-01-16&to=2026-01-31')).toEqual([]);
    const paged = (await audit('?limit=1&page=2')).json();
    expect(paged).toMatchObject({ count: 4, page: 2, limit: 1 });
    expect(paged.results).toHaveLength(1);
    expect((await audit('?from=2026-13-01')).statusCode).toBe(400);
    const actions = await call(t.app, { url: '/api/admin/audit/actions/', headers: bearer(cast.superuser.access) });
    expect(actions.json()).toEqual(['settings.update', 'user.coins_deducted', 'user.coins_granted']);
  });

  it('exports the filtered rows as CSV, formulas defused and quotes escaped', async () => {
    const csv = await audit('export/?action=user.');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('when,who,action,entity,entity_id,changes,before,after');
    expect(lines).toHaveLength(3);
    expect(csv.body).not.toMatch(/(^|,)=HYPERLINK/m);
    const granted = lines.find((line) => line.includes('user.coins_granted')) ?? '';
    expect(granted).toContain(
      '"coin_balance: 0 → 40; amount: null → 40; reason: null → =HYPERLINK(""http://evil.example"",""click"")',
    );
    expect(lines.find((line) => line.includes('user.coins_deducted'))).toContain('Prize awarded twice, \\""oops\\""');
    // A person's address that starts like a formula is a text cell.
    const formula = await audit('export/?from=2026-02-01&to=2026-02-01');
    expect(formula.body).toContain(`,'=cmd|' /C calc'!A0@example.com,settings.update,`);
  });

  it('keeps the log and its export to superusers, refused in words', async () => {
    for (const path of ['', 'export/', 'actions/']) {
      const refused = await audit(path, 'staff');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/superuser/);
    }
    expect((await audit('export/', 'viewer')).statusCode).toBe(403);
  });

  it('keeps the reason staff typed on the ledger row; the viewer sees a polite generic label', async () => {
    const ledger = await call(t.app, {
      url: `/api/admin/users/${cast.viewer.user.id}/ledger/`,
      headers: bearer(cast.staff.access),
    });
    const notes = (ledger.json().results as Array<{ reason: string; note: string | null; delta: number }>)
      .filter((entry) => entry.reason === 'staff_grant')
      .map((entry) => [entry.delta, entry.note]);
    expect(notes).toEqual([
      [-15, 'Prize awarded twice, "oops"'],
      [40, '=HYPERLINK("http://evil.example","click")'],
    ]);
    const detail = await call(t.app, {
      url: `/api/admin/users/${cast.viewer.user.id}/`,
      headers: bearer(cast.staff.access),
    });
    expect(detail.json().ledger[0].note).toBe('Prize awarded twice, "oops"');
    const own = await call(t.app, { url: '/api/transactions/', headers: bearer(cast.viewer.access) });
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain('HYPERLINK');
    expect(own.body).not.toContain('oops');
    expect(own.body).toContain('Cliffhanger support');
  });
});
