/**
 * Nothing a guest paid for is ever unreachable (issue #35): a guest that bought coins and Gold and
 * saved a card gives an address right after paying; when its session is lost (reuse detection
 * revoked its refresh tokens, storage cleared, another browser) a link to that address brings back
 * exactly what it had. The links cannot be replayed, raced, aimed at somebody else's address or used
 * to take over an account, and the answers never tell which addresses exist.
 */
import { LINK_MAILS_PER_ADDRESS } from '@cliffhanger/shared/constants';
import { DEFAULT_RATE_LIMITS } from '../../../src/config';
import { databaseKinds } from '../../support/databases';
import { registerUser, type Session, signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { buyCoins, grantCoins, pressDevCheckout, seedPaidEpisodes, subscribeGold } from '../coins/money-fixtures';
import { systemCoins, unexplainedBalances, verifyMagicLink } from './merge-support';

const MASTERCARD = { number: '5555 5555 5555 4444', exp_month: 11, exp_year: 2030, cvc: '123' };

describe.each(databaseKinds())('a paying guest keeps what it owns with an e-mail address (%s)', (kind) => {
  let t: TestApp;
  let episodeId: number;
  let packageId: number;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    episodeId = (await seedPaidEpisodes(t.ctx, 1, 20)).episodeIds[0] as number;
    packageId = (await call(t.app, { url: '/api/coins/packages/' })).json()[0].id;
  }, 120_000);
  afterAll(() => t.close());

  const next = () => {
    serial += 1;
    return serial;
  };
  const address = (name: string) => `${name}-${kind}-${next()}@example.com`;
  const as = (session: { access: string }, method: string, url: string, payload?: unknown) =>
    call(t.app, { method, url, headers: bearer(session.access), ...(payload === undefined ? {} : { payload }) });

  /** A guest that saved a card, bought coins, unlocked an episode with them and took Gold. */
  async function payingGuest(): Promise<Session & { guestId: string }> {
    const guestId = `keeper${kind}${next()}x${Date.now().toString(36)}`;
    const guest = await signUpGuest(t.app, guestId);
    const card = await as(guest, 'POST', '/api/dev-payment-methods/', MASTERCARD);
    expect(
      (await as(guest, 'POST', '/api/payment-methods/', { payment_method_id: card.json().payment_method_id }))
        .statusCode,
    ).toBe(201);
    await buyCoins(t.app, guest.access, packageId);
    expect((await as(guest, 'POST', `/api/episodes/${episodeId}/unlock/`)).statusCode).toBe(200);
    expect((await subscribeGold(t.app, guest.access)).statusCode).toBe(303);
    return { ...guest, guestId };
  }

  /** Everything a viewer owns, as the database holds it. */
  async function holdings(userId: number) {
    const db = t.ctx.db;
    const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    const pick = <T>(rows: T[], keys: Array<keyof T>) =>
      rows.map((row) => Object.fromEntries(keys.map((key) => [key, row[key]])));
    return {
      balance: user.coin_balance,
      gold_until: user.gold_until,
      ledger: pick(
        await db.selectFrom('coin_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
        ['id', 'delta', 'reason', 'reference'],
      ),
      unlocks: pick(await db.selectFrom('episode_unlocks').selectAll().where('user_id', '=', userId).execute(), [
        'episode_id',
      ]),
      cards: pick(
        await db.selectFrom('payment_methods').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
        ['id', 'brand', 'last4', 'is_default'],
      ),
      payments: pick(
        await db.selectFrom('payments').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
        ['id', 'status'],
      ),
      subscriptions: pick(
        await db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
        ['id', 'status', 'current_period_end'],
      ),
    };
  }

  const refresh = (token: string) =>
    call(t.app, { method: 'POST', url: '/api/auth/token/refresh/', payload: { refresh: token } });

  /** The stolen-token case: the refresh token is used twice, so reuse detection revokes its family. */
  async function loseSession(session: Session) {
    const rotated = await refresh(session.refresh);
    expect(rotated.statusCode).toBe(200);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
    expect((await refresh(rotated.json().refresh)).statusCode).toBe(401);
  }

  const mailsTo = (email: string) =>
    t.ctx.mailer.recent(500).filter((mail) => mail.to === email || mail.to.includes(`<${email}>`));
  const linkIn = (text: string) => /magic-link-(auth|registration)=([A-Za-z0-9_-]+)/.exec(text);
  /** The newest link mailed to `email`. */
  function tokenMailedTo(email: string): string {
    const found = linkIn(mailsTo(email)[0]?.text ?? '');
    if (!found) throw new Error(`no link mailed to ${email}`);
    return found[2] as string;
  }

  const keepCoins = (session: { access: string }, email: string) =>
    as(session, 'POST', '/api/auth/keep-coins/', { email });
  const askForLink = (email: string, session?: { access: string }) =>
    call(t.app, {
      method: 'POST',
      url: '/api/auth/magic-link/',
      headers: session ? bearer(session.access) : {},
      payload: { email },
    });

  it('reuse detection revokes the stolen family and never deletes or orphans what the guest owns', async () => {
    const guest = await payingGuest();
    const before = await holdings(guest.user.id);
    expect(before.balance).toBeGreaterThan(0);
    expect(before.cards).toHaveLength(1);
    expect(before.gold_until).not.toBeNull();
    await loseSession(guest);
    expect(await holdings(guest.user.id)).toEqual(before);
    const row = await t.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', guest.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual(expect.objectContaining({ is_active: expect.anything(), merged_into_user_id: null }));
    expect(Boolean(row.is_active)).toBe(true);
  });

  it.each([
    ['after confirming the address', true],
    ['without ever confirming the address', false],
  ])(
    'a guest that lost its session gets back exactly what it had through a link to its address, %s',
    async (_, confirmed) => {
      const guest = await payingGuest();
      const email = address('keeper');
      expect((await keepCoins(guest, email)).statusCode).toBe(200);
      if (confirmed) {
        const kept = await verifyMagicLink(t.app, tokenMailedTo(email), guest.access);
        expect(kept.json()).toEqual(expect.objectContaining({ id: guest.user.id, email, requested_here: true }));
        expect(kept.json().user.is_guest).toBe(false);
      }
      const before = await holdings(guest.user.id);
      await loseSession(guest);

      // Back as a new, empty guest (the browser lost its tokens), it asks for a link to its address.
      const stranger = await signUpGuest(t.app);
      expect((await askForLink(email, stranger)).statusCode).toBe(200);
      const recovered = await verifyMagicLink(t.app, tokenMailedTo(email), stranger.access);
      expect(recovered.statusCode).toBe(200);
      expect(recovered.json()).toEqual(expect.objectContaining({ id: guest.user.id, email, requested_here: true }));
      expect(recovered.json().user.coin_balance).toBe(before.balance);

      expect(await holdings(guest.user.id)).toEqual(before);
      const session = recovered.json() as { access: string };
      expect((await as(session, 'GET', '/api/payment-methods/')).json()).toEqual([
        expect.objectContaining({ brand: 'mastercard', last4: '4444', is_default: true }),
      ]);
      const episode = (await as(session, 'GET', `/api/episodes/${episodeId}/`)).json();
      expect(episode.is_unlocked).toBe(true);
      const profile = (await as(session, 'GET', '/api/users/profile/')).json();
      expect(profile).toEqual(expect.objectContaining({ id: guest.user.id, is_guest: false, email }));
      // The empty guest of the new browser joined the account by the merge rules.
      const joined = await t.ctx.db
        .selectFrom('users')
        .select('merged_into_user_id')
        .where('id', '=', stranger.user.id)
        .executeTakeFirstOrThrow();
      expect(joined.merged_into_user_id).toBe(guest.user.id);
      expect(await unexplainedBalances(t.ctx)).toEqual([]);
    },
  );

  it('a guest that lost its session gets back what it paid for through a link to the address its receipt went to', async () => {
    const guest = await signUpGuest(t.app, `receipt${kind}${next()}x${Date.now().toString(36)}`);
    const email = address('receipt');
    await buyCoins(t.app, guest.access, packageId, email.toUpperCase());
    const payment = await t.ctx.db
      .selectFrom('payments')
      .select('receipt_email')
      .where('user_id', '=', guest.user.id)
      .executeTakeFirstOrThrow();
    expect(payment.receipt_email).toBe(email);
    expect((await as(guest, 'POST', `/api/episodes/${episodeId}/unlock/`)).statusCode).toBe(200);
    const before = await holdings(guest.user.id);
    await loseSession(guest);

    const stranger = await signUpGuest(t.app);
    expect((await askForLink(email, stranger)).statusCode).toBe(200);
    const recovered = await verifyMagicLink(t.app, tokenMailedTo(email), stranger.access);
    expect(recovered.json()).toEqual(expect.objectContaining({ id: guest.user.id, email, requested_here: true }));
    expect(await holdings(guest.user.id)).toEqual(before);
    const session = recovered.json() as { access: string };
    expect((await as(session, 'GET', `/api/episodes/${episodeId}/`)).json().is_unlocked).toBe(true);
    expect(await unexplainedBalances(t.ctx)).toEqual([]);
  });

  it('a receipt address that is not an address brings the checkout page back with the reason, and nothing is paid', async () => {
    const guest = await signUpGuest(t.app);
    const started = await as(guest, 'POST', '/api/coins/purchase/', { package_id: packageId });
    const answer = await pressDevCheckout(t.app, started.json().url, 'pay', { email: 'not an address' });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('Please enter a valid e-mail address, or leave it empty.');
    expect(answer.body).toContain('value="not an address"');
    const row = await t.ctx.db
      .selectFrom('payments')
      .select(['status', 'receipt_email'])
      .where('user_id', '=', guest.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', receipt_email: null });
    expect((await as(guest, 'GET', '/api/users/profile/')).json().coin_balance).toBe(0);
  });

  it('a receipt sent to a registered account’s address never moves the guest or its debts into that account', async () => {
    const email = address('owner');
    const owner = await registerUser(t.app, email);
    const ownerBefore = await holdings(owner.user.id);
    const guest = await signUpGuest(t.app);
    await buyCoins(t.app, guest.access, packageId, email);
    const guestBefore = await holdings(guest.user.id);
    await loseSession(guest);

    expect((await askForLink(email)).statusCode).toBe(200);
    const signedIn = await verifyMagicLink(t.app, tokenMailedTo(email));
    expect(signedIn.json()).toEqual(expect.objectContaining({ id: owner.user.id, guest_merged: false }));
    expect(await holdings(owner.user.id)).toEqual(ownerBefore);
    expect(await holdings(guest.user.id)).toEqual(guestBefore);
  });

  it('refuses a link used twice and moves nothing the second time', async () => {
    const guest = await payingGuest();
    const email = address('replay');
    await keepCoins(guest, email);
    await loseSession(guest);
    const stranger = await signUpGuest(t.app);
    await grantCoins(t.ctx, stranger.user.id, 30);
    await askForLink(email, stranger);
    const token = tokenMailedTo(email);
    const coins = await systemCoins(t.ctx);
    const first = await verifyMagicLink(t.app, token, stranger.access);
    expect(first.statusCode).toBe(200);
    const after = await holdings(guest.user.id);
    const again = await verifyMagicLink(t.app, token, stranger.access);
    expect(again.statusCode).toBe(400);
    expect(again.json().access).toBeUndefined();
    expect(await holdings(guest.user.id)).toEqual(after);
    expect(await systemCoins(t.ctx)).toBe(coins);
    expect(await unexplainedBalances(t.ctx)).toEqual([]);
  });

  it('50 concurrent uses of one link: exactly one signs in and the coins are counted once', async () => {
    const guest = await payingGuest();
    const email = address('race');
    await keepCoins(guest, email);
    await loseSession(guest);
    const stranger = await signUpGuest(t.app);
    await grantCoins(t.ctx, stranger.user.id, 40);
    await askForLink(email, stranger);
    const token = tokenMailedTo(email);
    const expected = (await holdings(guest.user.id)).balance + 40;
    const coins = await systemCoins(t.ctx);
    const answers = await Promise.all(Array.from({ length: 50 }, () => verifyMagicLink(t.app, token, stranger.access)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(49);
    expect((await holdings(guest.user.id)).balance).toBe(expected);
    expect(await systemCoins(t.ctx)).toBe(coins);
    expect(await unexplainedBalances(t.ctx)).toEqual([]);
  });

  it('a link asked for somebody else’s address goes only to that address and gives the asker nothing', async () => {
    const victim = await payingGuest();
    const email = address('victim');
    await keepCoins(victim, email);
    const victimBefore = await holdings(victim.user.id);
    const attacker = await signUpGuest(t.app);
    await grantCoins(t.ctx, attacker.user.id, 25);
    const sentBefore = t.ctx.mailer.recent(500).length;

    const asked = await askForLink(email, attacker);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().access).toBeUndefined();
    const sent = t.ctx.mailer.recent(500).slice(0, t.ctx.mailer.recent(500).length - sentBefore);
    expect(sent.map((mail) => mail.to)).toEqual([expect.stringContaining(email)]);

    // The victim opens it in their own browser: they sign in to their own guest; the asker stays apart.
    const opened = await verifyMagicLink(t.app, tokenMailedTo(email), victim.access);
    expect(opened.json()).toEqual(expect.objectContaining({ id: victim.user.id, guest_merged: false }));
    expect(await holdings(victim.user.id)).toEqual(victimBefore);
    const asker = await t.ctx.db.selectFrom('users').selectAll().where('id', '=', attacker.user.id).executeTakeFirst();
    expect(asker).toEqual(expect.objectContaining({ coin_balance: 25, merged_into_user_id: null }));
    expect(Boolean(asker?.is_guest)).toBe(true);
  });

  it('a guest that never paid cannot push aside a paying guest by giving the same address later', async () => {
    const victim = await payingGuest();
    const email = address('contested');
    await keepCoins(victim, email);
    await loseSession(victim);
    const squatter = await signUpGuest(t.app);
    await keepCoins(squatter, email);
    const stranger = await signUpGuest(t.app);
    await askForLink(email, stranger);
    const recovered = await verifyMagicLink(t.app, tokenMailedTo(email), stranger.access);
    expect(recovered.json()).toEqual(expect.objectContaining({ id: victim.user.id, email }));
  });

  it('a guest giving a registered account’s address cannot take that account', async () => {
    const email = address('owner');
    const owner = await registerUser(t.app, email);
    await grantCoins(t.ctx, owner.user.id, 60);
    const attacker = await payingGuest();
    const kept = await keepCoins(attacker, email);
    expect(kept.statusCode).toBe(200);
    // The owner gets an ordinary sign-in link; nothing on the guest or the account changed.
    const mail = mailsTo(email)[0];
    expect(linkIn(mail?.text ?? '')?.[1]).toBe('auth');
    const link = await t.ctx.db
      .selectFrom('magic_links')
      .selectAll()
      .where('email', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(link.keeps_user_id).toBeNull();
    const account = await t.ctx.db.selectFrom('users').selectAll().where('id', '=', owner.user.id).executeTakeFirst();
    expect(account).toEqual(expect.objectContaining({ email, coin_balance: 60 }));
    // The owner opening it elsewhere signs in to their own account, which the guest never joins.
    const opened = await verifyMagicLink(t.app, tokenMailedTo(email));
    expect(opened.json()).toEqual(expect.objectContaining({ id: owner.user.id, guest_merged: false }));
    expect(opened.json().user.coin_balance).toBe(60);
    const guest = await t.ctx.db.selectFrom('users').selectAll().where('id', '=', attacker.user.id).executeTakeFirst();
    expect(guest?.merged_into_user_id).toBeNull();
    expect(Boolean(guest?.is_guest)).toBe(true);
  });

  it('a guest that gave somebody else’s free address keeps no way into the account the owner confirms', async () => {
    const attacker = await payingGuest();
    const email = address('claimed');
    await keepCoins(attacker, email);
    // The inbox's owner opens the link in their own browser: the address is theirs from now on.
    const opened = await verifyMagicLink(t.app, tokenMailedTo(email));
    expect(opened.statusCode).toBe(200);
    expect((await refresh(attacker.refresh)).statusCode).toBe(401);
    const again = await call(t.app, {
      method: 'POST',
      url: '/api/user/signup/',
      headers: { authorization: 'Token cliffhanger-web' },
      payload: { id: attacker.guestId, age: 30 },
    });
    // Its guest id no longer signs in to what is now the owner's account: it makes a new, empty guest.
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).not.toBe(attacker.user.id);
    expect(again.json().user.coin_balance).toBe(0);
  });

  it('answers alike for an unknown address, an account’s and a kept guest’s, so none can be probed', async () => {
    const known = address('known');
    await registerUser(t.app, known);
    const guest = await payingGuest();
    const kept = address('kept');
    await keepCoins(guest, kept);
    const answers = await Promise.all([address('unknown'), known, kept].map((email) => askForLink(email)));
    expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.body}`)).size).toBe(1);
    const keeps = await Promise.all(
      [address('fresh'), known].map(async (email) => keepCoins(await signUpGuest(t.app), email)),
    );
    expect(new Set(keeps.map((answer) => `${answer.statusCode} ${answer.body}`)).size).toBe(1);
  });

  it('mails one address at most 10 links (LINK_MAILS_PER_ADDRESS) within a link’s lifetime, however many client addresses ask', async () => {
    const email = address('flooded');
    const answers = await Promise.all(
      Array.from({ length: LINK_MAILS_PER_ADDRESS + 6 }, (_, i) =>
        call(t.app, {
          method: 'POST',
          url: '/api/auth/magic-link/',
          payload: { email },
          remoteAddress: `10.0.${kind === 'sqlite' ? 1 : 2}.${i + 1}`,
        }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect(mailsTo(email)).toHaveLength(LINK_MAILS_PER_ADDRESS);
  });
});

describe.each(databaseKinds())('recovery requests from one client address (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      rateLimit: { ...DEFAULT_RATE_LIMITS, anonymousPerMinute: 100_000, sensitivePerMinute: 3 },
    });
  });
  afterAll(() => t.close());

  it('are limited per client address: the fourth in a minute is refused with 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const answer = await call(t.app, {
        method: 'POST',
        url: '/api/auth/magic-link/',
        payload: { email: `someone${i}-${kind}@example.com` },
        remoteAddress: '10.9.9.9',
      });
      codes.push(answer.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});
