/**
 * A checkout speaks the viewer's language (product.md#languages): the processor's page is opened in
 * the language the purchase was started in (Stripe's `locale`; the local test checkout's `lang`), and
 * the local test checkout — what every viewer pays on without a Stripe key — is written in it, down to
 * its receipt, its later processor events and its refusals.
 */
import { databaseKinds } from '../../support/databases';
import { type Session, signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { balanceOf } from '../coins/money-fixtures';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
/** Words of the English page that must not be left on the Russian one. */
const ENGLISH_WORDS = /\b(Pay|Cancel|Confirm|Product|Includes|Price|coins|Receipt|Refund|Dispute|checkout)\b/;

describe.each(databaseKinds())('the checkout in the viewer’s language (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const start = async (
    session: Session,
    language: string | null,
    url = '/api/coins/purchase/',
    payload: object = { package_id: 3 },
  ) => {
    const headers: Record<string, string> = { ...bearer(session.access) };
    if (language) headers['accept-language'] = language;
    const started = await call(t.app, { method: 'POST', url, headers, payload });
    expect(started.statusCode).toBe(200);
    return started.json() as { session_id: string; url: string };
  };
  const page = (url: string, headers: Record<string, string> = {}) => {
    const address = new URL(url);
    return call(t.app, { url: `${address.pathname}${address.search}`, headers });
  };
  const text = (html: string) => html.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<[^>]+>/g, ' ');

  it('opens a Russian page for a purchase started in Russian: words, plurals and roubles', async () => {
    const viewer = await signUpGuest(t.app);
    const started = await start(viewer, 'ru-RU,ru;q=0.9,en;q=0.5');
    expect(new URL(started.url).searchParams.get('lang')).toBe('ru');
    // The browser opening the page may say nothing of its language: the address carries it.
    const shown = await page(started.url);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-language']).toBe('ru');
    expect(shown.body).toContain('<html lang="ru">');
    expect(shown.body).toContain('<h1>Подтвердите покупку</h1>');
    expect(shown.body).toContain('690 монет');
    expect(shown.body).toMatch(/Оплатить 499\s₽</);
    expect(shown.body).toContain('>Отмена</button>');
    expect(text(shown.body)).not.toMatch(ENGLISH_WORDS);
    // Its forms keep the language, so the receipt after Pay is Russian too.
    expect(shown.body).toMatch(
      /action="[^"]+\/pay\?token=[^"&]+&amp;lang=ru"|action="[^"]+\/pay\?token=[^"&]+&lang=ru"/,
    );
  });

  it('shows the receipt, its refunds and its dispute in Russian after paying', async () => {
    const viewer = await signUpGuest(t.app);
    const started = await start(viewer, 'ru');
    const address = new URL(started.url);
    const paid = await call(t.app, {
      method: 'POST',
      url: `${address.pathname}/pay${address.search}`,
      headers: FORM,
      body: '',
    });
    expect(paid.statusCode).toBe(303);
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(690);
    const receipt = await page(started.url);
    expect(receipt.body).toContain('<h1>Покупка оплачена</h1>');
    expect(receipt.body).toContain('Вернуть половину');
    expect(receipt.body).toContain('Открыть спор');
    expect(text(receipt.body)).not.toMatch(ENGLISH_WORDS);

    const refunded = await call(t.app, {
      method: 'POST',
      url: `${address.pathname}/refund/half${address.search}`,
      headers: FORM,
      body: '',
    });
    expect(refunded.statusCode).toBe(303);
    // Back on the receipt, still in Russian.
    expect(new URL(refunded.headers.location as string, 'http://x').searchParams.get('lang')).toBe('ru');
    const after = await call(t.app, { url: refunded.headers.location as string });
    expect(after.body).toContain('Возвращено');
    expect(after.body).toContain('Вернуть остаток');
    expect(text(after.body)).not.toMatch(ENGLISH_WORDS);
  });

  it('names a Gold plan by its Russian title and says how it renews in Russian', async () => {
    const viewer = await signUpGuest(t.app);
    const started = await start(viewer, 'ru', '/api/subscriptions/create/', { plan: 'monthly' });
    const shown = await page(started.url);
    expect(shown.body).toContain('Подписка «Gold на месяц»');
    expect(shown.body).toContain('Подписка Gold');
    expect(text(shown.body)).not.toMatch(ENGLISH_WORDS);
  });

  it('follows the language stored on the account over the browser’s', async () => {
    const viewer = await signUpGuest(t.app);
    const saved = await call(t.app, {
      method: 'PATCH',
      url: '/api/users/profile/',
      headers: bearer(viewer.access),
      payload: { language: 'ru' },
    });
    expect(saved.statusCode).toBe(200);
    const started = await start(viewer, 'en-US,en;q=0.9');
    expect(new URL(started.url).searchParams.get('lang')).toBe('ru');
  });

  it('stays English for an English viewer, as before', async () => {
    const viewer = await signUpGuest(t.app);
    const started = await start(viewer, 'en-GB');
    expect(new URL(started.url).searchParams.get('lang')).toBe('en');
    const shown = await page(started.url);
    expect(shown.body).toContain('<html lang="en">');
    expect(shown.body).toContain('600 coins + 90 bonus coins');
    expect(shown.body).toMatch(/Pay RUB\s?499</);
  });

  it('refuses a language it does not speak with a clear error and changes nothing', async () => {
    const viewer = await signUpGuest(t.app);
    const started = await start(viewer, 'ru');
    const address = new URL(started.url);
    const token = address.searchParams.get('token') as string;
    for (const lang of ['xx', 'RU', 'ru-RU', '../en', 'ru%00', 'a'.repeat(5000)]) {
      const shown = await call(t.app, { url: `${address.pathname}?token=${token}&lang=${encodeURIComponent(lang)}` });
      expect(shown.statusCode).toBe(400);
      expect(shown.json().message).toEqual(expect.any(String));
      const paid = await call(t.app, {
        method: 'POST',
        url: `${address.pathname}/pay?token=${token}&lang=${encodeURIComponent(lang)}`,
        headers: FORM,
        body: '',
      });
      expect(paid.statusCode).toBe(400);
    }
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(0);
  });

  it('says in Russian that a checkout is not yours or does not exist, and a language in the address opens nothing', async () => {
    const owner = await signUpGuest(t.app);
    const started = await start(owner, 'ru');
    const address = new URL(started.url);
    // Somebody else's address with the token taken off: refused in the language they asked for.
    const notYours = await call(t.app, {
      url: `${address.pathname}?lang=ru`,
      headers: { 'accept-language': 'en' },
    });
    expect(notYours.statusCode).toBe(403);
    expect(notYours.body).toContain('<h1>Эту оплату начали не вы</h1>');
    const unknown = await call(t.app, {
      url: '/api/dev-checkout/cs_dev_unknown',
      headers: { 'accept-language': 'ru' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-language']).toBe('ru');
    expect(unknown.body).toContain('<h1>Оплата не найдена</h1>');
    const paid = await call(t.app, { method: 'POST', url: `${address.pathname}/pay?lang=ru`, headers: FORM, body: '' });
    expect(paid.statusCode).toBe(403);
    expect(await balanceOf(t.ctx, owner.user.id)).toBe(0);
  });
});
