/**
 * Account e-mails in the viewer's language (issue #21): the sign-in link, the link that finishes a
 * new account, the address confirmation and the password reset come in Russian for a Russian viewer
 * (the account's stored language, else the Accept-Language of the request that caused the mail).
 */
import { databaseKinds } from '../../support/databases';
import { registerUser, signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';

interface SentMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

describe.each(databaseKinds())('account e-mails in the viewer language (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /** The newest mail to `email`, waiting a little for one sent after the answer. */
  async function mailTo(email: string, subject?: RegExp): Promise<SentMail> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const outbox = (await call(t.app, { url: '/api/dev/outbox?limit=100' })).json() as SentMail[];
      const mail = outbox
        .filter((entry) => entry.to.includes(email) && (!subject || subject.test(entry.subject)))
        .at(-1);
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no mail to ${email}`);
  }

  const askLink = (email: string, headers: Record<string, string>) =>
    call(t.app, { method: 'POST', url: '/api/auth/magic-link/', headers, payload: { email } });

  async function storeLanguage(access: string, language: string) {
    const saved = await call(t.app, {
      method: 'PATCH',
      url: '/api/users/profile/',
      headers: bearer(access),
      payload: { language },
    });
    expect(saved.statusCode).toBe(200);
  }

  it('writes the link that finishes a new account in the language of the page that asked for it', async () => {
    const asked = await askLink('new-ru@example.com', { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.5' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe('Проверьте почту: мы отправили вам ссылку для входа.');
    const mail = await mailTo('new-ru@example.com');
    expect(mail.subject).toBe('Завершите создание аккаунта Cliffhanger');
    expect(mail.text).toContain('Вы получите 100 монет, чтобы начать смотреть.');
    expect(mail.text).toMatch(/Создать аккаунт: http\S+magic-link-registration=[A-Za-z0-9_-]+/);
    expect(mail.html).toContain('Создать аккаунт</a>');
  });

  it("writes the sign-in link in the account's stored language, whatever the browser asks", async () => {
    const session = await registerUser(t.app, 'stored-ru-mail@example.com');
    await storeLanguage(session.access, 'ru');
    await askLink('stored-ru-mail@example.com', { 'accept-language': 'en-US' });
    const mail = await mailTo('stored-ru-mail@example.com', /вход/);
    expect(mail.subject).toBe('Ваша ссылка для входа в Cliffhanger');
    expect(mail.text).toMatch(/Войти: http\S+magic-link-auth=/);
    expect(mail.text).toMatch(/через \d+ минут/);
  });

  it('asks a Russian guest to keep its coins, and brings them back, in Russian', async () => {
    const guest = await signUpGuest(t.app);
    const ru = { 'accept-language': 'ru-RU,ru;q=0.9' };
    const kept = await call(t.app, {
      method: 'POST',
      url: '/api/auth/keep-coins/',
      headers: { ...bearer(guest.access), ...ru },
      payload: { email: 'keep-ru@example.com' },
    });
    expect(kept.json().message).toBe(
      'Проверьте почту: откройте ссылку из письма, чтобы сохранить монеты за этим адресом.',
    );
    const mail = await mailTo('keep-ru@example.com');
    expect(mail.subject).toBe('Сохраните свои монеты Cliffhanger');
    expect(mail.text).toMatch(/Подтвердить и сохранить: http\S+magic-link-auth=/);
    expect(mail.text).toContain('через 24 часа');
    await askLink('keep-ru@example.com', ru);
    const recovery = await mailTo('keep-ru@example.com', /Верните/);
    expect(recovery.text).toMatch(/Вернуть покупки: http\S+magic-link-auth=/);
  });

  it('keeps English for an English or unknown language', async () => {
    await registerUser(t.app, 'plain-mail@example.com');
    await askLink('plain-mail@example.com', { 'accept-language': 'de' });
    expect((await mailTo('plain-mail@example.com', /sign-in/)).subject).toBe('Your Cliffhanger sign-in link');
    const english = await registerUser(t.app, 'stored-en-mail@example.com');
    await storeLanguage(english.access, 'en');
    await askLink('stored-en-mail@example.com', { 'accept-language': 'ru' });
    expect((await mailTo('stored-en-mail@example.com', /sign-in/)).subject).toBe('Your Cliffhanger sign-in link');
  });

  it('confirms a new address in the language of the page it was registered on', async () => {
    const registered = await call(t.app, {
      method: 'POST',
      url: '/api/auth/register/',
      headers: { 'accept-language': 'ru' },
      payload: { email: 'verify-ru@example.com', password: 'correct horse battery' },
    });
    expect(registered.statusCode).toBe(201);
    const mail = await mailTo('verify-ru@example.com', /Подтвердите/);
    expect(mail.subject).toBe('Подтвердите адрес электронной почты');
    expect(mail.text).toContain('Добро пожаловать в Cliffhanger');
    expect(mail.text).toMatch(/Подтвердить адрес: http\S+verify-email=/);
  });

  it('sends the password reset in the stored language', async () => {
    const session = await registerUser(t.app, 'reset-ru@example.com');
    await storeLanguage(session.access, 'ru');
    const asked = await call(t.app, {
      method: 'POST',
      url: '/api/auth/reset-password/',
      payload: { email: 'reset-ru@example.com' },
    });
    expect(asked.statusCode).toBe(200);
    const mail = await mailTo('reset-ru@example.com', /пароля/);
    expect(mail.subject).toBe('Сброс пароля Cliffhanger');
    expect(mail.text).toMatch(/Выбрать новый пароль: http\S+reset-password=/);
    expect(mail.text).toContain('через час');
  });
});
