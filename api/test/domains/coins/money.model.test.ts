/**
 * Property-based: random sequences of buying coins (through the dev checkout and the signed webhook),
 * unlocking, claiming the daily bonus, subscribing to Gold, cancelling, reactivating, new guests and
 * guests signing in (merging into new or existing accounts) are run against the API and against a
 * small model. After every step the user's balance, ledger, unlocks and Gold status must match it.
 */
import { MAGIC_LINK_SIGNUP_COINS } from '@cliffhanger/shared/constants';
import fc from 'fast-check';
import { databaseKinds } from '../../support/databases';
import { type Session, signUpGuest } from '../../support/fixtures';
import { call, callAs } from '../../support/http';
import { createTestApp, type TestApp } from '../../support/test-app';
import { balanceOf, buyCoins, ledgerSum, magicLinkSignIn, seedPaidEpisodes, subscribeGold } from './money-fixtures';

interface Actor {
  userId: number;
  access: string;
  isGuest: boolean;
}

interface Episode {
  id: number;
  cost: number;
  free: boolean;
  goldExclusive: boolean;
}

interface Model {
  run: number;
  actors: Actor[];
  balance: Map<number, number>;
  unlocked: Map<number, Set<number>>;
  gold: Set<number>;
  claimed: Set<number>;
  accounts: Map<string, number>;
}

interface Real {
  t: TestApp;
  episodes: Episode[];
  packages: Map<number, number>;
}

const pick = <T>(items: T[], index: number) => items[index % items.length] as T;
const unlockedOf = (model: Model, userId: number) => {
  const known = model.unlocked.get(userId);
  if (known) return known;
  const created = new Set<number>();
  model.unlocked.set(userId, created);
  return created;
};

async function expectMatches(real: Real, model: Model, actor: Actor) {
  const { t } = real;
  const expected = model.balance.get(actor.userId) ?? 0;
  const balance = (await callAs(t.app, actor.access, { url: '/api/coins/balance/' })).json().balance;
  expect(balance).toBe(expected);
  expect(await balanceOf(t.ctx, actor.userId)).toBe(expected);
  expect(await ledgerSum(t.ctx, actor.userId)).toBe(expected);
  const rows = await t.ctx.db
    .selectFrom('episode_unlocks')
    .select('episode_id')
    .where('user_id', '=', actor.userId)
    .execute();
  expect(rows.map((row) => row.episode_id).sort((a, b) => a - b)).toEqual(
    [...unlockedOf(model, actor.userId)].sort((a, b) => a - b),
  );
  const profile = (await callAs(t.app, actor.access, { url: '/api/users/profile/' })).json();
  expect(profile.is_gold_member).toBe(model.gold.has(actor.userId));
  const active = await callAs(t.app, actor.access, { url: '/api/subscriptions/active/' });
  expect(active.statusCode).toBe(model.gold.has(actor.userId) ? 200 : 404);
}

/** A step by one of the model's actors (chosen by `who`); after it, the API must still match the model. */
abstract class ActorStep implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: number) {}
  check = (m: Readonly<Model>) => m.actors.length > 0;
  async run(m: Model, r: Real) {
    const actor = pick(m.actors, this.who);
    await this.step(actor, m, r);
    await expectMatches(r, m, actor);
  }
  abstract step(actor: Actor, m: Model, r: Real): Promise<void>;
}

class Buy extends ActorStep {
  constructor(
    who: number,
    readonly packageId: number,
  ) {
    super(who);
  }
  async step(actor: Actor, m: Model, r: Real) {
    await buyCoins(r.t.app, actor.access, this.packageId);
    m.balance.set(actor.userId, (m.balance.get(actor.userId) ?? 0) + (r.packages.get(this.packageId) ?? 0));
  }
  override toString = () => `buy(${this.who}, package ${this.packageId})`;
}

class Unlock extends ActorStep {
  constructor(
    who: number,
    readonly episode: number,
  ) {
    super(who);
  }
  async step(actor: Actor, m: Model, r: Real) {
    const episode = pick(r.episodes, this.episode);
    const answer = await callAs(r.t.app, actor.access, {
      method: 'POST',
      url: `/api/episodes/${episode.id}/unlock/`,
    });
    const balance = m.balance.get(actor.userId) ?? 0;
    const unlocked = unlockedOf(m, actor.userId);
    if (episode.free || m.gold.has(actor.userId) || unlocked.has(episode.id)) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json().charged).toBe(0);
    } else if (episode.goldExclusive) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json().reason).toBe('gold_required');
    } else if (balance >= episode.cost) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(
        expect.objectContaining({ charged: episode.cost, balance: balance - episode.cost }),
      );
      m.balance.set(actor.userId, balance - episode.cost);
      unlocked.add(episode.id);
    } else {
      expect(answer.statusCode).toBe(402);
      expect(answer.json()).toEqual(expect.objectContaining({ coin_cost: episode.cost, balance }));
    }
  }
  override toString = () => `unlock(${this.who}, episode ${this.episode})`;
}

class Claim extends ActorStep {
  async step(actor: Actor, m: Model, r: Real) {
    const answer = await callAs(r.t.app, actor.access, {
      method: 'POST',
      url: '/api/rewards/daily/claim/',
    });
    if (m.claimed.has(actor.userId)) {
      expect(answer.statusCode).toBe(409);
    } else {
      expect(answer.statusCode).toBe(200);
      expect(answer.json().coins).toBe(10);
      m.claimed.add(actor.userId);
      m.balance.set(actor.userId, (m.balance.get(actor.userId) ?? 0) + 10);
    }
  }
  override toString = () => `claim(${this.who})`;
}

class Subscribe extends ActorStep {
  async step(actor: Actor, m: Model, r: Real) {
    const answer = await subscribeGold(r.t.app, actor.access);
    if (m.gold.has(actor.userId)) {
      expect(answer.statusCode).toBe(409);
    } else {
      expect(answer.statusCode).toBe(303);
      m.gold.add(actor.userId);
    }
  }
  override toString = () => `subscribe(${this.who})`;
}

class SetCancel extends ActorStep {
  constructor(
    who: number,
    readonly cancel: boolean,
  ) {
    super(who);
  }
  async step(actor: Actor, m: Model, r: Real) {
    const url = this.cancel ? '/api/subscriptions/cancel/' : '/api/subscriptions/reactivate/';
    const answer = await callAs(r.t.app, actor.access, { method: 'POST', url });
    if (m.gold.has(actor.userId)) {
      expect(answer.statusCode).toBe(200);
      // Cancelling stops renewal; Gold lasts until the period ends, so the model's Gold is unchanged.
      expect(answer.json().cancel_at_period_end).toBe(this.cancel);
    } else {
      expect(answer.statusCode).toBe(404);
    }
  }
  override toString = () => `${this.cancel ? 'cancel' : 'reactivate'}(${this.who})`;
}

class NewGuest implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => m.actors.length < 5;
  async run(m: Model, r: Real) {
    const guest = await signUpGuest(r.t.app);
    m.actors.push({ userId: guest.user.id, access: guest.access, isGuest: true });
  }
  toString = () => 'newGuest()';
}

class SignIn implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: number,
    readonly email: number,
  ) {}
  check = (m: Readonly<Model>) => m.actors.some((actor) => actor.isGuest);
  async run(m: Model, r: Real) {
    const guests = m.actors.filter((actor) => actor.isGuest);
    const guest = pick(guests, this.who);
    const email = `model-${r.t.kind}-${m.run}-${this.email}@example.com`;
    const answer = await magicLinkSignIn(r.t.app, email, guest.access);
    const known = m.accounts.get(email);
    const accountId = answer.id;
    if (known !== undefined) expect(accountId).toBe(known);
    else m.balance.set(accountId, MAGIC_LINK_SIGNUP_COINS);
    m.accounts.set(email, accountId);
    // Rewards are per person: the guest's daily claim carries over to an account that lacks it; one
    // the account already has is forfeited (never more than the guest holds) before the rest moves.
    const guestBalance = m.balance.get(guest.userId) ?? 0;
    let forfeited = 0;
    if (m.claimed.has(guest.userId)) {
      if (m.claimed.has(accountId)) forfeited = Math.min(10, guestBalance);
      else m.claimed.add(accountId);
      m.claimed.delete(guest.userId);
    }
    m.balance.set(accountId, (m.balance.get(accountId) ?? 0) + guestBalance - forfeited);
    m.balance.set(guest.userId, 0);
    for (const id of unlockedOf(m, guest.userId)) unlockedOf(m, accountId).add(id);
    m.unlocked.delete(guest.userId);
    if (m.gold.delete(guest.userId)) m.gold.add(accountId);
    m.actors = m.actors.filter((actor) => actor !== guest && actor.userId !== accountId);
    const account: Actor = { userId: accountId, access: answer.access, isGuest: false };
    m.actors.push(account);
    expect(answer.user.coin_balance).toBe(m.balance.get(accountId));
    await expectMatches(r, m, account);
    // The guest is gone: its token no longer works and it holds nothing.
    expect((await callAs(r.t.app, guest.access, { url: '/api/coins/balance/' })).statusCode).toBe(401);
    expect(await balanceOf(r.t.ctx, guest.userId)).toBe(0);
  }
  toString = () => `signIn(guest ${this.who}, email ${this.email})`;
}

const who = fc.nat({ max: 4 });
const commands = [
  fc.tuple(who, fc.constantFrom(1, 2)).map(([w, p]) => new Buy(w, p)),
  fc.tuple(who, fc.nat({ max: 5 })).map(([w, e]) => new Unlock(w, e)),
  fc.tuple(who, fc.nat({ max: 5 })).map(([w, e]) => new Unlock(w, e)),
  who.map((w) => new Claim(w)),
  who.map((w) => new Subscribe(w)),
  fc.tuple(who, fc.boolean()).map(([w, c]) => new SetCancel(w, c)),
  fc.constant(new NewGuest()),
  fc.tuple(who, fc.nat({ max: 1 })).map(([w, e]) => new SignIn(w, e)),
];

describe.each(databaseKinds())('money model (%s)', (kind) => {
  let t: TestApp;
  const episodes: Episode[] = [];
  const packages = new Map<number, number>();
  let runs = 0;

  beforeAll(async () => {
    // A fixed clock: every claim in a run falls on the same UTC day and no subscription period ends.
    t = await createTestApp(kind, {}, { now: () => new Date('2026-06-15T12:00:00.000Z') });
    const paid = await seedPaidEpisodes(t.ctx, 4, 40);
    const exclusive = await seedPaidEpisodes(t.ctx, 1, 30, { goldExclusive: true });
    await t.ctx.db
      .updateTable('episodes')
      .set({ is_free: true, coin_cost: 0 })
      .where('id', '=', paid.episodeIds[0] as number)
      .execute();
    episodes.push(
      ...paid.episodeIds.map((id, index) => ({
        id,
        cost: index === 0 ? 0 : 40,
        free: index === 0,
        goldExclusive: false,
      })),
      { id: exclusive.episodeIds[0] as number, cost: 30, free: false, goldExclusive: true },
    );
    for (const pkg of (await call(t.app, { url: '/api/coins/packages/' })).json())
      packages.set(pkg.id, pkg.coins + pkg.bonus_coins);
  });
  afterAll(() => t.close());

  it('keeps balances, ledgers, unlocks and Gold equal to the model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 15 }), async (cmds) => {
        const setup = async () => {
          runs += 1;
          const guests: Session[] = [await signUpGuest(t.app), await signUpGuest(t.app)];
          const model: Model = {
            run: runs,
            actors: guests.map((guest) => ({ userId: guest.user.id, access: guest.access, isGuest: true })),
            balance: new Map(),
            unlocked: new Map(),
            gold: new Set(),
            claimed: new Set(),
            accounts: new Map(),
          };
          return { model, real: { t, episodes, packages } };
        };
        await fc.asyncModelRun(setup, cmds);
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});
