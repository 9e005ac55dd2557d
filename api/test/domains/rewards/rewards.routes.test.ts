import { FOLLOW_PROMPT_COINS } from '@cliffhanger/shared/constants';
import { databaseKinds } from '../../support/databases';
import { type Session, signUpGuest } from '../../support/fixtures';
import { call, callAs } from '../../support/http';
import { suiteApp } from '../../support/suite-app';
import { balanceOf, ledgerSum } from '../coins/money-fixtures';

const DAY = 86_400_000;

describe.each(databaseKinds())('rewards (%s)', (kind) => {
  // Noon UTC, so "today" is unambiguous; tests move whole days.
  let clock = Date.parse('2026-03-10T12:00:00.000Z');
  const t = suiteApp(kind, { now: () => new Date(clock) });

  const as = (session: Session, method: string, url: string, payload?: unknown) =>
    callAs(t.app, session.access, { method, url, payload });
  /** Access tokens expire after 15 minutes of the test clock; a guest signs in again by its id. */
  const refreshed = async (session: Session): Promise<Session> => signUpGuest(t.app, session.user.email.split('@')[0]);

  it('credits 100 concurrent daily-bonus claims once', async () => {
    const user = await signUpGuest(t.app);
    const answers = await Promise.all(Array.from({ length: 100 }, () => as(user, 'POST', '/api/rewards/daily/claim/')));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(99);
    expect(answers.find((answer) => answer.statusCode === 200)?.json()).toEqual(
      expect.objectContaining({
        credited: true,
        coins: 10,
        streak: 1,
        balance: 10,
        next_claim_at: '2026-03-11T00:00:00.000Z',
      }),
    );
    expect(await balanceOf(t.ctx, user.user.id)).toBe(10);
    expect(await ledgerSum(t.ctx, user.user.id)).toBe(10);
  });

  it('grows the bonus with the streak, shows the calendar, and starts over after a missed day', async () => {
    const start = clock;
    let user = await signUpGuest(t.app);
    try {
      const expected = [10, 15, 20];
      for (const [index, coins] of expected.entries()) {
        user = await refreshed(user);
        const claimed = (await as(user, 'POST', '/api/rewards/daily/claim/')).json();
        expect(claimed).toEqual(expect.objectContaining({ coins, streak: index + 1 }));
        const overview = (await as(user, 'GET', '/api/rewards/')).json();
        expect(overview.daily).toEqual(
          expect.objectContaining({ claimed_today: true, streak: index + 1, today_coins: coins }),
        );
        expect(overview.daily.calendar).toHaveLength(7);
        expect(overview.daily.calendar.filter((day: { claimed: boolean }) => day.claimed)).toHaveLength(index + 1);
        clock += DAY;
      }
      user = await refreshed(user);
      const next = (await as(user, 'GET', '/api/rewards/')).json();
      expect(next.daily).toEqual(expect.objectContaining({ claimed_today: false, streak: 3, today_coins: 25 }));
      expect(next.daily.calendar[3]).toEqual({ day: 4, coins: 25, claimed: false, is_today: true });

      clock += DAY; // a missed day
      user = await refreshed(user);
      expect((await as(user, 'GET', '/api/rewards/')).json().daily).toEqual(
        expect.objectContaining({ streak: 0, today_coins: 10 }),
      );
      expect((await as(user, 'POST', '/api/rewards/daily/claim/')).json()).toEqual(
        expect.objectContaining({ coins: 10, streak: 1 }),
      );
      expect(await balanceOf(t.ctx, user.user.id)).toBe(10 + 15 + 20 + 10);
    } finally {
      clock = start;
    }
  });

  it('credits each share channel at most once a day and refuses unknown channels', async () => {
    const user = await signUpGuest(t.app);
    const channels = ['telegram', 'whatsapp', 'email', 'sms', 'native', 'copy_link'];
    for (const channel of channels) {
      expect((await as(user, 'POST', '/api/rewards/share/', { channel })).json()).toEqual({
        channel,
        credited: true,
        coins: 10,
        balance: expect.any(Number),
      });
    }
    const repeats = await Promise.all(channels.map((channel) => as(user, 'POST', '/api/rewards/share/', { channel })));
    expect(repeats.map((answer) => answer.json().credited)).toEqual(channels.map(() => false));
    expect(await balanceOf(t.ctx, user.user.id)).toBe(60);
    const overview = (await as(user, 'GET', '/api/rewards/')).json();
    expect(overview.share.channels).toEqual(channels.map((channel) => ({ channel, claimed_today: true })));
    for (const body of [{ channel: 'myspace' }, {}, { channel: 'telegram', coins: 500 }]) {
      expect((await as(user, 'POST', '/api/rewards/share/', body)).statusCode).toBe(400);
    }
    expect(await balanceOf(t.ctx, user.user.id)).toBe(60);
  });

  it("pays the follow prompt's coins once per user: 50 claims at once and any claim after are refused", async () => {
    const user = await signUpGuest(t.app);
    const answers = await Promise.all(Array.from({ length: 50 }, () => as(user, 'POST', '/api/rewards/follow/')));
    expect(answers.filter((answer) => answer.json().credited)).toHaveLength(1);
    expect(await balanceOf(t.ctx, user.user.id)).toBe(FOLLOW_PROMPT_COINS);
    expect(await ledgerSum(t.ctx, user.user.id)).toBe(FOLLOW_PROMPT_COINS);
    expect((await as(user, 'POST', '/api/rewards/follow/')).json()).toEqual({
      credited: false,
      coins: 0,
      balance: FOLLOW_PROMPT_COINS,
    });
    expect((await as(user, 'GET', '/api/rewards/')).json().follow).toEqual({
      coins: FOLLOW_PROMPT_COINS,
      claimed: true,
    });
    // A body naming coins or another user changes nothing.
    const forged = await callAs(t.app, user.access, {
      method: 'POST',
      url: '/api/rewards/follow/',
      payload: { coins: 1000, user_id: 1 },
    });
    expect(forged.json().credited ?? false).toBe(false);
    expect(await balanceOf(t.ctx, user.user.id)).toBe(FOLLOW_PROMPT_COINS);
  });

  it('takes its amounts from settings', async () => {
    const staff = await signUpGuest(t.app);
    await t.ctx.db.updateTable('users').set({ is_staff: true }).where('id', '=', staff.user.id).execute();
    const rewards = { daily_bonus: [5, 50], share_coins: 3, follow_prompt_coins: 7 };
    expect((await as(staff, 'PUT', '/api/settings/rewards/', rewards)).statusCode).toBe(200);
    try {
      const user = await signUpGuest(t.app);
      expect((await as(user, 'POST', '/api/rewards/daily/claim/')).json().coins).toBe(5);
      expect((await as(user, 'POST', '/api/rewards/share/', { channel: 'sms' })).json().coins).toBe(3);
      expect((await as(user, 'POST', '/api/rewards/follow/')).json().coins).toBe(7);
      expect((await as(user, 'GET', '/api/rewards/')).json().daily.calendar).toEqual([
        { day: 1, coins: 5, claimed: true, is_today: true },
        { day: 2, coins: 50, claimed: false, is_today: false },
      ]);
    } finally {
      await t.ctx.db.deleteFrom('settings').where('key', '=', 'rewards').execute();
    }
  });

  it('needs a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/rewards/'],
      ['POST', '/api/rewards/daily/claim/'],
      ['POST', '/api/rewards/follow/'],
    ] as const) {
      expect((await call(t.app, { method, url })).statusCode).toBe(401);
    }
    expect(
      (await call(t.app, { method: 'POST', url: '/api/rewards/share/', payload: { channel: 'sms' } })).statusCode,
    ).toBe(401);
  });
});
