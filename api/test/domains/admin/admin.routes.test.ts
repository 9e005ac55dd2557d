import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import { toAuditDto } from '../../../src/domains/admin/audit.service';
import { databaseKinds } from '../../support/databases';
import { signUpGuest, smallCatalogue } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { type Cast, signUpCast } from './staff-fixtures';

describe.each(databaseKinds())('staff API (%s)', (kind) => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    cast = await signUpCast(t);
  });
  afterAll(() => t.close());

  const as = (who: keyof Cast | null) => (who ? bearer(cast[who].access) : {});

  describe('the authorization matrix', () => {
    // Reads answer 200 for staff; writes are sent with a body that passes authorization but, where a
    // staff answer is not the point, fails validation, so the matrix changes nothing.
    const routes: Array<[string, string, unknown]> = [
      ['GET', '/api/admin/me/', null],
      ['GET', '/api/admin/dashboard/', null],
      ['GET', '/api/admin/analytics/?days=7', null],
      ['GET', '/api/admin/users/', null],
      ['GET', '/api/admin/users/1/ledger/', null],
      ['GET', '/api/admin/users/1/unlocks/', null],
      ['GET', '/api/admin/subscriptions/', null],
      ['GET', '/api/admin/settings/', null],
      ['GET', '/api/admin/media/', null],
      ['GET', '/api/admin/media/jobs/', null],
      ['POST', '/api/admin/users/1/coins/', {}],
      ['PATCH', '/api/admin/users/1/', {}],
      ['PUT', '/api/admin/settings/feature_switches/', { nope: true }],
    ];

    it.each(routes)(
      '%s %s: 401 anonymous, 403 guest and viewer, allowed for staff and superuser',
      async (method, url, payload) => {
        const send = (who: keyof Cast | null) =>
          call(t.app, { method, url, headers: as(who), payload: payload ?? undefined });
        expect((await send(null)).statusCode).toBe(401);
        for (const who of ['guest', 'viewer'] as const) {
          const answer = await send(who);
          expect(answer.statusCode).toBe(403);
          expect(answer.json().message).toEqual(expect.any(String));
        }
        for (const who of ['staff', 'superuser'] as const) {
          const answer = await send(who);
          expect([200, 400]).toContain(answer.statusCode);
          if (method === 'GET') expect(answer.statusCode).toBe(200);
        }
      },
    );

    it('keeps the audit log and invitations to superusers', async () => {
      expect((await call(t.app, { url: '/api/admin/audit/', headers: as('staff') })).statusCode).toBe(403);
      expect((await call(t.app, { url: '/api/admin/audit/', headers: as('superuser') })).statusCode).toBe(200);
      const byStaff = await call(t.app, { method: 'POST', url: '/api/admin/invitations/', headers: as('staff') });
      expect(byStaff.statusCode).toBe(403);
      expect(
        (await call(t.app, { method: 'POST', url: '/api/admin/invitations/', headers: as('viewer') })).statusCode,
      ).toBe(403);
      expect((await call(t.app, { method: 'POST', url: '/api/admin/invitations/' })).statusCode).toBe(401);
    });
  });

  describe('the API document', () => {
    type Operation = { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };

    it('documents every staff route: its success answer with a schema, and its refusals', async () => {
      const doc = (await call(t.app, { url: '/api/docs/json' })).json() as {
        paths: Record<string, Record<string, Operation>>;
      };
      const operations = Object.entries(doc.paths)
        .filter(([path]) => path.startsWith('/api/admin/'))
        .flatMap(([path, methods]) =>
          Object.entries(methods).map(([method, op]) => [`${method} ${path}`, op] as const),
        );
      expect(operations.length).toBeGreaterThan(30);
      const gaps = operations.flatMap(([key, op]) => {
        const statuses = Object.keys(op.responses);
        const success = statuses.filter((status) => status.startsWith('2'));
        // JSON, or another type a route answers by contract (a subtitle preview is text/vtt).
        const described = success.every((status) =>
          status === '204'
            ? op.responses[status]?.content === undefined
            : Object.values(op.responses[status]?.content ?? {}).some((media) => media.schema !== undefined),
        );
        // One success answer, or 201 and 200 for a PUT that adds or replaces (subtitles per language).
        const upsert = key.startsWith('put ') && success.join() === '200,201';
        const refusals = ['400', '401', '403', '404'].every((status) => statuses.includes(status));
        return (success.length === 1 || upsert) && described && refusals ? [] : [key];
      });
      expect(gaps).toEqual([]);
    });

    it.each([
      '/api/admin/analytics/?series_id=1e21',
      '/api/admin/media/?episode_id=2147483648',
      '/api/admin/audit/?actor_id=2147483648',
    ])('GET %s: an id past the stored range is a 400, not a server error', async (url) => {
      const answer = await call(t.app, { url, headers: as('superuser') });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toMatch(/^The [\w ]+ must be /);
    });
  });

  describe('staff registration', () => {
    const body = (code: string, n: number) => ({
      email: `new-staff-${n}@example.com`,
      password: 'a long enough password',
      username: `newstaff${n}`,
      invitation_code: code,
    });

    it('refuses a missing or wrong code clearly and creates nobody', async () => {
      const missing = await call(t.app, {
        method: 'POST',
        url: '/api/admin/register/',
        payload: { ...body('x', 1), invitation_code: undefined },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toMatch(/invitation code is required/);
      const wrong = await call(t.app, {
        method: 'POST',
        url: '/api/admin/register/',
        payload: body('AAAA-BBBB-CCCC-DDDD', 1),
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toMatch(/invitation code is not valid/);
      const user = await t.ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'new-staff-1@example.com')
        .executeTakeFirst();
      expect(user).toBeUndefined();
    });

    it('creates a staff account with a superuser invitation, once per code', async () => {
      const invitation = await call(t.app, {
        method: 'POST',
        url: '/api/admin/invitations/',
        headers: as('superuser'),
        payload: {},
      });
      expect(invitation.statusCode).toBe(201);
      const { code, expires_at } = invitation.json();
      expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
      expect(new Date(expires_at).getTime()).toBeGreaterThan(Date.now());
      const created = await call(t.app, {
        method: 'POST',
        url: '/api/admin/register/',
        payload: body(code.toLowerCase(), 2),
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().user).toEqual(
        expect.objectContaining({ is_staff: true, is_superuser: false, username: 'newstaff2' }),
      );
      const me = await call(t.app, { url: '/api/admin/me/', headers: bearer(created.json().access) });
      expect(me.statusCode).toBe(200);
      const again = await call(t.app, { method: 'POST', url: '/api/admin/register/', payload: body(code, 3) });
      expect(again.statusCode).toBe(400);
    });
  });

  describe('users and coins', () => {
    it('grants and deducts coins through the ledger and never below zero', async () => {
      const id = cast.viewer.user.id;
      const url = `/api/admin/users/${id}/coins/`;
      const start = (await call(t.app, { url: `/api/admin/users/${id}/`, headers: as('staff') })).json().user
        .coin_balance;
      const grant = await call(t.app, {
        method: 'POST',
        url,
        headers: as('staff'),
        payload: { amount: 50, reason: 'Apology for an outage' },
      });
      expect(grant.statusCode).toBe(200);
      expect(grant.json().balance).toBe(start + 50);
      const tooMuch = await call(t.app, {
        method: 'POST',
        url,
        headers: as('staff'),
        payload: { amount: -(start + 51), reason: 'Typo correction' },
      });
      expect(tooMuch.statusCode).toBe(409);
      expect(tooMuch.json().message).toMatch(/below zero/);
      const deduct = await call(t.app, {
        method: 'POST',
        url,
        headers: as('staff'),
        payload: { amount: -20, reason: 'Correction' },
      });
      expect(deduct.json().balance).toBe(start + 30);
      const zero = await call(t.app, {
        method: 'POST',
        url,
        headers: as('staff'),
        payload: { amount: 0, reason: 'Nothing' },
      });
      expect(zero.statusCode).toBe(400);

      const detail = (await call(t.app, { url: `/api/admin/users/${id}/`, headers: as('staff') })).json();
      expect(detail.user.coin_balance).toBe(start + 30);
      const staffEntries = detail.ledger.filter((e: { reason: string }) => e.reason === 'staff_grant');
      expect(staffEntries.map((e: { delta: number }) => e.delta)).toEqual([-20, 50]);
      const audit = await call(t.app, {
        url: `/api/admin/audit/?entity=user&entity_id=${id}`,
        headers: as('superuser'),
      });
      expect(audit.json().results.map((r: { after: { reason: string } }) => r.after.reason)).toEqual([
        'Correction',
        'Apology for an outage',
      ]);
    });

    it('audits each concurrent staff coin adjustment with the balance it really started from', async () => {
      const user = await signUpGuest(t.app);
      const url = `/api/admin/users/${user.user.id}/coins/`;
      const adjust = (amount: number) =>
        call(t.app, { method: 'POST', url, headers: as('staff'), payload: { amount, reason: `Adjust ${amount}` } });
      expect((await adjust(1_000)).statusCode).toBe(200);
      const amounts = [40, -30, 25, -10, 60, -5, 15, 35, -20, 50, 10, -45];
      const answers = await Promise.all(amounts.map(adjust));
      expect(answers.map((answer) => answer.statusCode)).toEqual(amounts.map(() => 200));
      const final = 1_000 + amounts.reduce((sum, amount) => sum + amount, 0);

      // In the order they were applied, each "before" is the previous "after": none read a stale balance.
      const audit = (
        await t.ctx.db
          .selectFrom('audit_log')
          .selectAll()
          .where('entity', '=', 'user')
          .where('entity_id', '=', String(user.user.id))
          .orderBy('id')
          .execute()
      ).map(toAuditDto);
      expect(audit).toHaveLength(amounts.length + 1);
      let running = 0;
      for (const row of audit) {
        const after = row.after as { coin_balance: number; amount: number; reason: string; reference: string };
        expect(row.before).toEqual({ coin_balance: running });
        expect(after).toEqual({
          coin_balance: running + after.amount,
          amount: after.amount,
          reason: `Adjust ${after.amount}`,
          reference: expect.stringMatching(new RegExp(`^staff:${cast.staff.user.id}:`)),
        });
        running = after.coin_balance;
      }
      expect(running).toBe(final);
      const detail = (await call(t.app, { url: `/api/admin/users/${user.user.id}/`, headers: as('staff') })).json();
      expect(detail.user.coin_balance).toBe(final);
    });

    it('finds users and series by id in the search box; a number past the stored range is only text', async () => {
      const byId = async (list: string, search: string) =>
        call(t.app, { url: `/api/admin/${list}/?search=${search}`, headers: as('staff') });
      const user = await byId('users', String(cast.viewer.user.id));
      expect(user.json().results.map((u: { id: number }) => u.id)).toContain(cast.viewer.user.id);
      expect((await byId('series', '2')).json().results.map((s: { id: number }) => s.id)).toContain(2);
      for (const list of ['users', 'series']) {
        for (const search of ['2147483648', '99999999999', '9007199254740993', '1'.repeat(40)]) {
          const answer = await byId(list, search);
          expect([list, search, answer.statusCode]).toEqual([list, search, 200]);
          expect(answer.json().results).toEqual([]);
        }
      }
    });

    it('lets only superusers change Gold and staff rights, and disables accounts at once', async () => {
      const url = `/api/admin/users/${cast.guest.user.id}/`;
      expect(
        (await call(t.app, { method: 'PATCH', url, headers: as('staff'), payload: { is_gold_member: true } }))
          .statusCode,
      ).toBe(403);
      const gold = await call(t.app, {
        method: 'PATCH',
        url,
        headers: as('superuser'),
        payload: { is_gold_member: true },
      });
      expect(gold.json().is_gold_member).toBe(true);
      const disabled = await call(t.app, { method: 'PATCH', url, headers: as('staff'), payload: { is_active: false } });
      expect(disabled.json().is_active).toBe(false);
      expect((await call(t.app, { url: '/api/users/profile/', headers: as('guest') })).statusCode).toBe(401);
      const self = await call(t.app, {
        method: 'PATCH',
        url: `/api/admin/users/${cast.staff.user.id}/`,
        headers: as('staff'),
        payload: { is_active: false },
      });
      expect(self.statusCode).toBe(400);
    });
  });

  describe('settings and insights', () => {
    it('saves catalogue defaults and money settings with an audit row, refusing bad values', async () => {
      const ok = await call(t.app, {
        method: 'PUT',
        url: '/api/admin/settings/catalogue_defaults/',
        headers: as('staff'),
        payload: { free_episodes: 2, coin_cost: 15 },
      });
      expect(ok.statusCode).toBe(200);
      const bad = await call(t.app, {
        method: 'PUT',
        url: '/api/admin/settings/catalogue_defaults/',
        headers: as('staff'),
        payload: { free_episodes: -1, coin_cost: 15 },
      });
      expect(bad.statusCode).toBe(400);
      // A paid episode costs at least 1 coin, so the price new paid episodes start with does too.
      const free = await call(t.app, {
        method: 'PUT',
        url: '/api/admin/settings/catalogue_defaults/',
        headers: as('staff'),
        payload: { free_episodes: 2, coin_cost: 0 },
      });
      expect(free.statusCode).toBe(400);
      const settings = (await call(t.app, { url: '/api/admin/settings/', headers: as('staff') })).json();
      expect(settings.catalogue_defaults).toEqual({ free_episodes: 2, coin_cost: 15 });
      expect(settings.coin_packages.length).toBeGreaterThan(0);
      const rewards = { ...settings.rewards, share_coins: 12 };
      expect(
        (
          await call(t.app, {
            method: 'PUT',
            url: '/api/admin/settings/rewards/',
            headers: as('staff'),
            payload: rewards,
          })
        ).statusCode,
      ).toBe(200);
      const rows = await t.ctx.db
        .selectFrom('audit_log')
        .select('entity_id')
        .where('action', '=', 'settings.update')
        .execute();
      expect(rows.map((r) => r.entity_id).sort()).toEqual(['catalogue_defaults', 'rewards']);
    });

    it('answers dashboard and analytics figures from real activity', async () => {
      // One unlock and one watch by the viewer, and an ingested-style player event.
      const viewer = cast.viewer.user.id;
      const now = new Date().toISOString();
      const episode = await t.ctx.db
        .selectFrom('episodes')
        .select(['id', 'series_id'])
        .where('series_id', '=', 1)
        .where('episode_number', '=', 2)
        .executeTakeFirstOrThrow();
      await t.ctx.db
        .insertInto('episode_unlocks')
        .values({ user_id: viewer, episode_id: episode.id, coin_cost: 20, created_at: now })
        .execute();
      await t.ctx.db
        .insertInto('watch_progress')
        .values({
          user_id: viewer,
          episode_id: episode.id,
          series_id: 1,
          progress: 100,
          position_seconds: 90,
          completed: true,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await t.ctx.db
        .insertInto('analytics_events')
        .values(
          ['3.1 Episode Started', '3.3 Paywall Shown'].map((event_type, i) => ({
            user_id: viewer,
            client_user_id: null,
            device_id: 'device-1',
            event_type,
            event_time: now,
            session_id: 1,
            insert_id: `ins-${kind}-${i}`,
            event_properties: JSON.stringify({ episode_id: episode.id, series_id: 1 }),
            user_properties: '{}',
            revenue: null,
            price: null,
            quantity: null,
            product_id: null,
            platform: 'Web',
            received_at: now,
          })),
        )
        .execute();

      const dash = (await call(t.app, { url: '/api/admin/dashboard/', headers: as('staff') })).json();
      for (const period of [dash.today, dash.last_30_days]) {
        expect(period).toEqual(expect.objectContaining({ unlocks: 1, coins_spent: 20, views: 1 }));
        expect(period.active_viewers).toBeGreaterThanOrEqual(1);
        // The suite's accounts were made in beforeAll: a run that crosses midnight made them yesterday.
        if (period === dash.last_30_days) expect(period.new_registrations).toBeGreaterThanOrEqual(3);
        else expect(period.new_registrations).toEqual(expect.any(Number));
        expect(period.revenue).toEqual(expect.any(Array));
        expect(period.gold_members).toEqual(expect.any(Number));
      }

      const answer = await call(t.app, { url: '/api/admin/analytics/?days=30&series_id=1', headers: as('staff') });
      expect(answer.statusCode).toBe(200);
      const data = answer.json();
      expect(data.daily).toHaveLength(30);
      const today = data.daily[29];
      expect(today).toEqual(expect.objectContaining({ day: now.slice(0, 10), views: 1 }));
      expect(today.viewers).toBeGreaterThanOrEqual(1);
      expect(today.active_viewers).toBeGreaterThanOrEqual(today.viewers);
      const second = data.funnel.episodes.find((e: { episode_number: number }) => e.episode_number === 2);
      expect(second).toEqual(expect.objectContaining({ starts: 1, completions: 1, paywall_hits: 1, unlocks: 1 }));
      expect(data.revenue).toEqual(expect.any(Array));
      expect(data.retention.d1).toEqual(
        expect.objectContaining({ cohort: expect.any(Number), returned: expect.any(Number) }),
      );
      expect((await call(t.app, { url: '/api/admin/analytics/?days=500', headers: as('staff') })).statusCode).toBe(400);
    });
  });
});
