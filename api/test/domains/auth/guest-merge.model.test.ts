/**
 * Property-based: random interleavings of guest creation, coin grants, reward claims, coin purchases,
 * refunds (after the coins may have been spent), unlocks and merges by every path (registration, password login, own magic link to a new or known address,
 * own password reset, and a link asked for by somebody else) run against the API and against a small
 * model of the merge and money rules. After every step each user's balance, owed coins, ledger, unlocks
 * and reward claims, and the coins in the whole system, must equal the model's.
 */
import { MAGIC_LINK_SIGNUP_COINS } from '@cliffhanger/shared/constants';
import fc from 'fast-check';
import { databaseKinds } from '../../support/databases';
import { signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { grantCoins, pressDevCheckout, seedPaidEpisodes } from '../coins/money-fixtures';
import {
  magicTokens,
  requestMagicLink,
  resetTokens,
  systemCoins,
  unexplainedBalances,
  verifyMagicLink,
} from './merge-support';

const PASSWORD = 'correct horse battery';
const CHANNELS = ['telegram', 'whatsapp', 'email', 'sms', 'native', 'copy_link'] as const;
const COSTS = [10, 20, 30, 40];
/** The coin package the model buys (the demo's first: 100 coins, no bonus). */
const PACKAGE_ID = 1;
const PACKAGE_COINS = 100;

interface Person {
  id: number;
  access: string;
  email: string | null;
  /** Has a password (registered, or reset one); magic-link accounts have none. */
  password: boolean;
  guest: boolean;
  active: boolean;
  balance: number;
  /** Coins a refund took back after they were spent. */
  owed: number;
  unlocks: Set<number>;
  /** Reward claim key → coins. */
  claims: Map<string, number>;
}

type Path = 'register' | 'login' | 'magic' | 'reset' | 'elsewhere';

type Op =
  | { k: 'guest' }
  | { k: 'grant'; a: number; n: number }
  | { k: 'claim'; a: number; what: number }
  | { k: 'unlock'; a: number; e: number }
  | { k: 'buy'; a: number }
  | { k: 'refund'; p: number }
  | { k: 'merge'; g: number; acc: number; path: Path };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ k: 'guest' } as Op) },
  {
    weight: 1,
    arbitrary: fc.record({ k: fc.constant('grant' as const), a: fc.nat(), n: fc.integer({ min: 1, max: 60 }) }),
  },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('claim' as const), a: fc.nat(), what: fc.nat(7) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('unlock' as const), a: fc.nat(), e: fc.nat(COSTS.length - 1) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('buy' as const), a: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('refund' as const), p: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant('merge' as const),
      g: fc.nat(),
      acc: fc.nat(),
      path: fc.constantFrom<Path>('register', 'login', 'magic', 'reset', 'elsewhere'),
    }),
  },
);

describe.each(databaseKinds())('guest merges against a model (%s)', (kind) => {
  let t: TestApp;
  let episodes: number[];
  let rewards: { follow: number; daily: number; share: number };
  let addresses = 0;

  /** Purchases made so far: the person holding them now (they follow a merge) and the checkout page. */
  let purchases: Array<{ owner: Person; url: string; refunded: boolean }> = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    episodes = [];
    for (const cost of COSTS) episodes.push(...(await seedPaidEpisodes(t.ctx, 1, cost)).episodeIds);
    const probe = await signUpGuest(t.app);
    const overview = (await call(t.app, { url: '/api/rewards/', headers: bearer(probe.access) })).json();
    rewards = { follow: overview.follow.coins, daily: overview.daily.today_coins, share: overview.share.coins };
  });
  afterAll(async () => {
    await t.close();
  });

  const nextAddress = () => {
    addresses += 1;
    return `model-${addresses}-${kind}@example.com`;
  };

  async function newGuest(): Promise<Person> {
    const session = await signUpGuest(t.app);
    return {
      id: session.user.id,
      access: session.access,
      email: null,
      password: false,
      guest: true,
      active: true,
      balance: 0,
      owed: 0,
      unlocks: new Set(),
      claims: new Map(),
    };
  }

  /** The model's credit: every coin credited pays what is owed first. */
  function credit(person: Person, coins: number) {
    const paid = Math.min(coins, person.owed);
    person.owed -= paid;
    person.balance += coins - paid;
  }

  function account(answer: { access: string; user: { id: number; email: string; coin_balance: number } }): Person {
    return {
      id: answer.user.id,
      access: answer.access,
      email: answer.user.email,
      password: false,
      guest: false,
      active: true,
      balance: 0,
      owed: 0,
      unlocks: new Set(),
      claims: new Map(),
    };
  }

  /** The model's merge: claims the account has are forfeited (up to the balance), the rest moves. */
  function modelMerge(guest: Person, into: Person) {
    if (!guest.active || !guest.guest) return;
    let owed = 0;
    for (const [key, coins] of guest.claims) {
      if (into.claims.has(key)) owed += coins;
      else into.claims.set(key, coins);
    }
    const moved = guest.balance - Math.min(owed, guest.balance);
    credit(into, moved);
    // What the guest owes follows it and is paid from the account's coins at once.
    into.owed += guest.owed;
    const paid = Math.min(into.balance, into.owed);
    into.balance -= paid;
    into.owed -= paid;
    guest.owed = 0;
    for (const purchase of purchases) if (purchase.owner === guest) purchase.owner = into;
    for (const episode of guest.unlocks) into.unlocks.add(episode);
    guest.balance = 0;
    guest.unlocks = new Set();
    guest.claims = new Map();
    guest.active = false;
  }

  /** The reset token mailed after `before` tokens had been mailed to `email` (oldest first). */
  async function waitForReset(email: string, before: number): Promise<string> {
    for (let i = 0; i < 50; i += 1) {
      const token = resetTokens(t.ctx, email)[before];
      if (token) return token;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no reset mail for ${email}`);
  }

  async function apply(op: Op, people: Person[]) {
    const guests = people.filter((p) => p.guest);
    const accounts = people.filter((p) => !p.guest);
    const someone = (index: number) => people[index % people.length] as Person;

    if (op.k === 'guest' || people.length === 0) {
      people.push(await newGuest());
      return;
    }
    if (op.k === 'grant') {
      const person = someone(op.a);
      if (!person.active) return;
      await grantCoins(t.ctx, person.id, op.n);
      credit(person, op.n);
      return;
    }
    if (op.k === 'buy') {
      const person = someone(op.a);
      if (!person.active) return;
      const started = await call(t.app, {
        method: 'POST',
        url: '/api/coins/purchase/',
        headers: bearer(person.access),
        payload: { package_id: PACKAGE_ID },
      });
      expect(started.statusCode).toBe(200);
      const { url } = started.json() as { url: string };
      const paid = await pressDevCheckout(t.app, url, 'pay');
      expect(paid.statusCode).toBe(303);
      purchases.push({ owner: person, url, refunded: false });
      credit(person, PACKAGE_COINS);
      return;
    }
    if (op.k === 'refund') {
      const open = purchases.filter((purchase) => !purchase.refunded);
      if (open.length === 0) return;
      const purchase = open[op.p % open.length] as (typeof open)[number];
      const answer = await pressDevCheckout(t.app, purchase.url, 'refund/rest');
      expect(answer.statusCode).toBe(303);
      purchase.refunded = true;
      // What the holder still has is taken back; the rest is owed, never a negative balance.
      const taken = Math.min(purchase.owner.balance, PACKAGE_COINS);
      purchase.owner.balance -= taken;
      purchase.owner.owed += PACKAGE_COINS - taken;
      return;
    }
    if (op.k === 'claim') {
      const person = someone(op.a);
      const headers = bearer(person.access);
      const [key, coins, request] =
        op.what === 0
          ? ['follow', rewards.follow, { method: 'POST', url: '/api/rewards/follow/', headers }]
          : op.what === 1
            ? ['daily', rewards.daily, { method: 'POST', url: '/api/rewards/daily/claim/', headers }]
            : (() => {
                const channel = CHANNELS[op.what - 2] as string;
                return [
                  `share:${channel}`,
                  rewards.share,
                  { method: 'POST', url: '/api/rewards/share/', headers, payload: { channel } },
                ] as const;
              })();
      const answer = await call(t.app, request);
      if (!person.active) {
        expect([401, 409]).toContain(answer.statusCode);
        return;
      }
      if (person.claims.has(key)) {
        expect(answer.statusCode === 409 || answer.json().credited === false).toBe(true);
      } else {
        expect(answer.statusCode).toBe(200);
        person.claims.set(key, coins);
        credit(person, coins);
      }
      return;
    }
    if (op.k === 'unlock') {
      const person = someone(op.a);
      const episode = episodes[op.e] as number;
      const cost = COSTS[op.e] as number;
      const answer = await call(t.app, {
        method: 'POST',
        url: `/api/episodes/${episode}/unlock/`,
        headers: bearer(person.access),
      });
      if (!person.active) expect([401, 409]).toContain(answer.statusCode);
      else if (person.unlocks.has(episode)) expect(answer.json().via).toBe('already_unlocked');
      else if (person.balance < cost) expect(answer.statusCode).toBe(402);
      else {
        expect(answer.json().via).toBe('coins');
        person.unlocks.add(episode);
        person.balance -= cost;
      }
      return;
    }

    // Merges.
    if (guests.length === 0) return;
    const guest = guests[op.g % guests.length] as Person;
    const known = accounts.length > 0 ? (accounts[op.acc % accounts.length] as Person) : null;
    const headers = bearer(guest.access);
    if (op.path === 'register') {
      const answer = await call(t.app, {
        method: 'POST',
        url: '/api/auth/register/',
        headers,
        payload: { email: nextAddress(), password: PASSWORD },
      });
      expect(answer.statusCode).toBe(201);
      const created = account(answer.json());
      created.password = true;
      modelMerge(guest, created);
      people.push(created);
    } else if (op.path === 'login' && known?.email && known.password) {
      const answer = await call(t.app, {
        method: 'POST',
        url: '/api/auth/login/',
        headers,
        payload: { email: known.email, password: PASSWORD },
      });
      expect(answer.statusCode).toBe(200);
      known.access = answer.json().access;
      modelMerge(guest, known);
    } else if (op.path === 'magic' || op.path === 'elsewhere' || op.path === 'login') {
      // A known account half of the time (when there is one), else a new address.
      const target = known && op.acc % 2 === 0 ? known : null;
      const email = target?.email ?? nextAddress();
      const asker = op.path === 'elsewhere' ? (op.acc % 3 === 0 ? undefined : (await newGuest()).access) : guest.access;
      await requestMagicLink(t.app, email, asker);
      const tokens = magicTokens(t.ctx, email);
      const answer = await verifyMagicLink(t.app, tokens[tokens.length - 1] as string, guest.access);
      expect(answer.statusCode).toBe(200);
      let into = target;
      if (!into) {
        into = account(answer.json());
        into.balance = MAGIC_LINK_SIGNUP_COINS;
        people.push(into);
      }
      into.access = answer.json().access;
      // Only the asking session's guest moves; a link asked for elsewhere moves nothing.
      if (op.path !== 'elsewhere' && guest.active) {
        expect(answer.json().guest_merged).toBe(true);
        modelMerge(guest, into);
      } else {
        expect(answer.json().guest_merged).toBe(false);
      }
    } else if (op.path === 'reset' && known?.email) {
      const before = resetTokens(t.ctx, known.email).length;
      await call(t.app, { method: 'POST', url: '/api/auth/reset-password/', headers, payload: { email: known.email } });
      const token = await waitForReset(known.email, before);
      const answer = await call(t.app, {
        method: 'POST',
        url: '/api/auth/confirm-reset-password/',
        headers,
        payload: { token, password: PASSWORD },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().guest_merged).toBe(guest.active);
      known.password = true;
      modelMerge(guest, known);
    }
  }

  async function check(people: Person[], start: number) {
    const ids = people.map((p) => p.id);
    if (ids.length === 0) return;
    const rows = await t.ctx.db
      .selectFrom('users')
      .select(['id', 'coin_balance', 'is_active'])
      .where('id', 'in', ids)
      .execute();
    const unlocks = await t.ctx.db
      .selectFrom('episode_unlocks')
      .select(['user_id', 'episode_id'])
      .where('user_id', 'in', ids)
      .execute();
    const claims = await t.ctx.db
      .selectFrom('reward_claims' as never)
      .select(['user_id', 'claim_key'] as never)
      .where('user_id' as never, 'in', ids as never)
      .execute();
    const debts = (await t.ctx.db
      .selectFrom('coin_debts' as never)
      .select(['user_id', 'outstanding'] as never)
      .where('user_id' as never, 'in', ids as never)
      .execute()) as unknown as Array<{ user_id: number; outstanding: number }>;
    for (const person of people) {
      const owed = debts.filter((d) => d.user_id === person.id).reduce((sum, d) => sum + Number(d.outstanding), 0);
      expect({ id: person.id, owed }).toEqual({ id: person.id, owed: person.owed });
      const row = rows.find((r) => r.id === person.id);
      expect({ id: person.id, balance: row?.coin_balance, active: Boolean(row?.is_active) }).toEqual({
        id: person.id,
        balance: person.balance,
        active: person.active,
      });
      const held = unlocks.filter((u) => u.user_id === person.id).map((u) => u.episode_id);
      expect(held.sort()).toEqual([...person.unlocks].sort());
      if (person.active) {
        const keys = (claims as unknown as Array<{ user_id: number; claim_key: string }>)
          .filter((c) => c.user_id === person.id)
          .map((c) => c.claim_key.replace(/:\d{4}-\d{2}-\d{2}$/, '').replace(/^daily$/, 'daily'));
        expect(keys.sort()).toEqual([...person.claims.keys()].sort());
      }
    }
    const total = people.reduce((sum, p) => sum + p.balance, 0);
    expect((await systemCoins(t.ctx)) - start).toBe(total);
    expect(await unexplainedBalances(t.ctx)).toEqual([]);
  }

  it('equals the model after every step of random guests, rewards, purchases, refunds, unlocks and merges', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 18 }), async (ops) => {
        const start = await systemCoins(t.ctx);
        const people: Person[] = [];
        purchases = [];
        for (const op of ops) {
          await apply(op, people);
          await check(people, start);
        }
      }),
      {
        numRuns: kind === 'postgres' ? 12 : 15,
        // Found once: a second password reset of the same account in one run.
        examples: [
          [
            [
              { k: 'merge', g: 0, acc: 0, path: 'register' },
              { k: 'merge', g: 0, acc: 0, path: 'reset' },
              { k: 'merge', g: 0, acc: 0, path: 'reset' },
              { k: 'guest' },
              { k: 'unlock', a: 0, e: 0 },
            ] as Op[],
          ],
          // A guest spends coins it bought, the purchase is refunded, then it signs up: the debt follows.
          [
            [
              { k: 'guest' },
              { k: 'buy', a: 0 },
              { k: 'unlock', a: 0, e: 3 },
              { k: 'refund', p: 0 },
              { k: 'merge', g: 0, acc: 0, path: 'register' },
              { k: 'grant', a: 1, n: 30 },
            ] as Op[],
          ],
        ],
      },
    );
  });
});
