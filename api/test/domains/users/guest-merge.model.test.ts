/**
 * Property-based: random interleavings of guest creation, coin grants, reward claims, unlocks and
 * merges by every path (registration, password login, own magic link to a new or known address,
 * own password reset, and a link asked for by somebody else) run against the API and against a small
 * model of the merge rules. After every step each user's balance, ledger, unlocks and reward claims,
 * and the coins in the whole system, must equal the model's.
 */
import { MAGIC_LINK_SIGNUP_COINS } from '@cliffhanger/shared/src/constants';
import fc from 'fast-check';
import { databaseKinds } from '../../support/databases';
import { signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { grantCoins, seedPaidEpisodes } from '../coins/money-fixtures';
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

interface Person {
  id: number;
  access: string;
  email: string | null;
  /** Has a password (registered, or reset one); magic-link accounts have none. */
  password: boolean;
  guest: boolean;
  active: boolean;
  balance: number;
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
  | { k: 'merge'; g: number; acc: number; path: Path };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ k: 'guest' } as Op) },
  {
    weight: 1,
    arbitrary: fc.record({ k: fc.constant('grant' as const), a: fc.nat(), n: fc.integer({ min: 1, max: 60 }) }),
  },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('claim' as const), a: fc.nat(), what: fc.nat(7) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('unlock' as const), a: fc.nat(), e: fc.nat(COSTS.length - 1) }) },
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
      unlocks: new Set(),
      claims: new Map(),
    };
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
    into.balance += moved;
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
      person.balance += op.n;
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
        person.balance += coins;
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
    for (const person of people) {
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

  it('equals the model after every step of random guests, rewards, unlocks and merges', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 18 }), async (ops) => {
        const start = await systemCoins(t.ctx);
        const people: Person[] = [];
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
        ],
      },
    );
  });
});
