/**
 * Free coins are bounded per client address and per device a day, however many guests they come
 * through: farming through guests from one address stops at exactly the pool, concurrent claims never
 * overshoot it, a refusal is polite (429, Retry-After, next_claim_at) and keeps nothing, another
 * address is untouched, and the pools start again at the next UTC midnight.
 */
import { readFileSync } from 'node:fs';
import { DEVICE_ID_HEADER, MAGIC_LINK_SIGNUP_COINS } from '@cliffhanger/shared/constants';
import { hashToken } from '../../src/http/tokens';
import { unexplainedBalances } from '../domains/auth/merge-support';
import { balanceOf, ledgerSum } from '../domains/coins/money-fixtures';
import { databaseKinds } from '../support/databases';
import { type Session, signUpGuest } from '../support/fixtures';
import { bearer, call } from '../support/http';
import { suiteApp } from '../support/suite-app';

const PER_ADDRESS = 950;
const PER_DEVICE = 300;
const FOLLOW = '/api/rewards/follow/';
const DAY = 86_400_000;

describe.each(databaseKinds())('free coins per address and device a day (%s)', (kind) => {
  let clock = Date.parse('2026-05-04T22:30:00.000Z');
  const t = suiteApp(kind, {
    now: () => new Date(clock),
    overrides: { freeCoins: { perAddressPerDay: PER_ADDRESS, perDevicePerDay: PER_DEVICE } },
  });

  const guestsFrom = (address: string, n: number) =>
    Promise.all(Array.from({ length: n }, () => signUpGuest(t.app, undefined, address)));
  const follow = (guest: Session, address: string, headers: Record<string, string> = {}) =>
    call(t.app, {
      method: 'POST',
      url: FOLLOW,
      remoteAddress: address,
      headers: { ...bearer(guest.access), ...headers },
    });
  const totalBalance = async (guests: Session[]) => {
    let sum = 0;
    for (const guest of guests) sum += await balanceOf(t.ctx, guest.user.id);
    return sum;
  };

  it('stops farming through many guests from one address at exactly its pool, politely', async () => {
    const address = '10.2.0.1';
    const guests = await guestsFrom(address, 12);
    const answers = [];
    for (const guest of guests) answers.push(await follow(guest, address));
    // The follow prompt pays 100: nine fit in 950, the tenth would overshoot it.
    expect(answers.map((answer) => answer.statusCode)).toEqual([...Array(9).fill(200), 429, 429, 429]);
    expect(await totalBalance(guests)).toBe(900);
    const refusal = answers[9];
    expect(refusal?.json()).toEqual({
      message: expect.stringContaining('back after midnight (UTC)'),
      reason: 'free_coins_spent',
      next_claim_at: '2026-05-05T00:00:00.000Z',
    });
    expect(refusal?.headers['retry-after']).toBe(String(90 * 60));
    // A smaller claim still fits what is left (50): a share pays 10.
    const share = await call(t.app, {
      method: 'POST',
      url: '/api/rewards/share/',
      remoteAddress: address,
      headers: bearer((guests[10] as Session).access),
      payload: { channel: 'telegram' },
    });
    expect(share.json()).toEqual(expect.objectContaining({ credited: true, coins: 10 }));
    // Another address has its own pool.
    const [elsewhere] = await guestsFrom('10.2.0.2', 1);
    expect((await follow(elsewhere as Session, '10.2.0.2')).statusCode).toBe(200);
    expect(await unexplainedBalances(t.ctx)).toEqual([]);
  });

  it('never gives more than the pool to 50 guests claiming at once from one address', async () => {
    const address = '10.2.0.3';
    const guests = await guestsFrom(address, 50);
    const answers = await Promise.all(guests.map((guest) => follow(guest, address)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(9);
    expect(statuses.filter((status) => status === 429)).toHaveLength(41);
    expect(await totalBalance(guests)).toBe(900);
    for (const guest of guests)
      expect(await ledgerSum(t.ctx, guest.user.id)).toBe(await balanceOf(t.ctx, guest.user.id));
    // The refused claims kept nothing: only the nine credited claims exist.
    const claims = await t.ctx.db
      .selectFrom('reward_claims')
      .select('user_id')
      .where(
        'user_id',
        'in',
        guests.map((guest) => guest.user.id),
      )
      .execute();
    expect(claims).toHaveLength(9);
    const pool = await t.ctx.db
      .selectFrom('free_coin_pools')
      .select('coins')
      .where('bucket', '=', hashToken(`address:${address}`))
      .executeTakeFirstOrThrow();
    expect(pool.coins).toBe(900);
  });

  it('bounds a named device across addresses, and ignores a malformed device id', async () => {
    const device = { [DEVICE_ID_HEADER]: 'tablet-in-the-kitchen-0001' };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const address = `10.2.1.${i}`;
      const [guest] = await guestsFrom(address, 1);
      statuses.push((await follow(guest as Session, address, device)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const [unnamed] = await guestsFrom('10.2.1.9', 1);
    expect((await follow(unnamed as Session, '10.2.1.9', { [DEVICE_ID_HEADER]: 'x' })).statusCode).toBe(200);
  });

  it('gives a magic-link account no welcome coins once its address’s pool is spent, and still makes it', async () => {
    const address = '10.2.0.3'; // spent by the 50 guests above
    const link = async (email: string) => {
      expect(
        (
          await call(t.app, {
            method: 'POST',
            url: '/api/auth/magic-link/',
            remoteAddress: address,
            payload: { email },
          })
        ).statusCode,
      ).toBe(200);
      const outbox = readFileSync(t.ctx.config.mail.outboxPath, 'utf8');
      const tokens = [...outbox.matchAll(/magic-link-registration=([A-Za-z0-9_%-]+)/g)];
      return decodeURIComponent(tokens.at(-1)?.[1] as string);
    };
    const spent = await call(t.app, {
      method: 'POST',
      url: '/api/auth/magic-link/verify/',
      remoteAddress: address,
      payload: { token: await link(`pool-${kind}@example.com`) },
    });
    expect(spent.statusCode).toBe(200);
    expect(spent.json().user.coin_balance).toBe(0);
    const welcomed = await call(t.app, {
      method: 'POST',
      url: '/api/auth/magic-link/verify/',
      remoteAddress: '10.2.0.4',
      payload: { token: await link(`pool2-${kind}@example.com`) },
    });
    expect(welcomed.json().user.coin_balance).toBe(MAGIC_LINK_SIGNUP_COINS);
  });

  it('starts every pool again at the next UTC midnight, and a refused claim can then be made', async () => {
    const address = '10.2.0.5';
    const guests = await guestsFrom(address, 10);
    const statuses = [];
    for (const guest of guests) statuses.push((await follow(guest, address)).statusCode);
    expect(statuses.at(-1)).toBe(429);
    clock += DAY;
    const again = await signUpGuest(t.app, (guests[9] as Session).user.email.split('@')[0], address);
    expect((await follow(again, address)).json()).toEqual(expect.objectContaining({ credited: true, coins: 100 }));
    // Yesterday's rows are gone once a pool opens today.
    const days = await t.ctx.db.selectFrom('free_coin_pools').select('day').distinct().execute();
    expect(days.map((row) => row.day)).toEqual(['2026-05-05']);
  });
});
