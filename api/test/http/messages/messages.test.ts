/**
 * The API answers in the viewer's language (issue #21): every message written in api/src has a
 * Russian translation, a Russian viewer reads Russian, the choice stored on the account beats the
 * browser's `Accept-Language`, and English stays the default.
 */
import { join } from 'node:path';
import { RU_MESSAGES } from '../../../src/http/messages/ru';
import { translateAnswer, translateMessage } from '../../../src/http/messages/translate';
import { acceptedLanguages } from '../../../src/http/messages/viewer-language';
import { databaseKinds } from '../../support/databases';
import { registerUser } from '../../support/fixtures';
import { call } from '../../support/http';
import { scanMessages, templateShape } from '../../support/message-scan';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';

const API_ROOT = join(__dirname, '../../..');

describe('the Russian catalogue of API messages', () => {
  const shapes = new Set(Object.keys(RU_MESSAGES).map(templateShape));
  const found = scanMessages([join(API_ROOT, 'src')], API_ROOT);

  it('finds the messages written in the source (the scan itself works)', () => {
    const templates = found.map((message) => message.template);
    expect(templates).toContain('Series not found');
    expect(templates).toContain(
      'Season {{}} already has an episode {{}}. Choose another number or reorder the episodes.',
    );
    expect(templates).toContain('This video address has expired. Open the episode again to get a new one.');
    expect(found.length).toBeGreaterThan(150);
  });

  it('has a Russian text for every message the API can answer, so a new English message fails until translated', () => {
    const untranslated = found
      .filter((message) => message.template !== null && !shapes.has(templateShape(message.template)))
      .map((message) => `${message.at}: ${message.template}`);
    expect(untranslated).toEqual([]);
  });

  it('uses in each Russian text only the values its English text names', () => {
    const problems: string[] = [];
    for (const [english, russian] of Object.entries(RU_MESSAGES)) {
      const names = new Set([...english.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]));
      for (const [, name] of russian.matchAll(/\{\{(\w+)(?:\|[^}]*)?\}\}/g)) {
        if (!names.has(name)) problems.push(`${english} → {{${name}}}`);
      }
      if (russian.trim() === '') problems.push(`${english} → empty`);
    }
    expect(problems).toEqual([]);
  });

  it('puts values into Russian sentences with the right plural forms', () => {
    expect(translateMessage('Not enough coins: this episode costs 21 coins and you have 3', 'ru')).toBe(
      'Не хватает монет: серия стоит 21 монету, а у вас 3',
    );
    expect(translateMessage('3 episodes unlocked for 25 coins', 'ru')).toBe('Открыты 3 серии за 25 монет');
    expect(
      translateMessage(
        'Too many unsuccessful sign-ins to this account. Please wait 1 second and try again, or sign in with an e-mail link.',
        'ru',
      ),
    ).toContain('Подождите 1 секунду');
    expect(translateMessage('Rate limit exceeded, retry in 10 minutes', 'ru')).toBe(
      'Слишком много запросов. Повторите попытку через 10 минут.',
    );
    expect(
      translateMessage(
        'This series cannot be published yet. Still needed: A finished video; A poster image (shown on series cards).',
        'ru',
      ),
    ).toBe('Этот сериал пока нельзя опубликовать. Ещё нужно: готовое видео; постер (его видно на карточках сериалов).');
  });

  it('tells a Russian staff member which line of a subtitle file is wrong, in Russian', () => {
    expect(translateMessage('Line 7: the cue timing “00:01,000 --> 00:02” is not valid.', 'ru')).toBe(
      'Строка 7: время реплики «00:01,000 --> 00:02» указано неверно.',
    );
    expect(translateMessage('The subtitle file is empty.', 'ru')).toBe('Файл субтитров пуст.');
  });

  it('leaves English, and a text with no entry, as written', () => {
    expect(translateMessage('Series not found', 'en')).toBe('Series not found');
    expect(translateMessage('Something nobody wrote', 'ru')).toBe('Something nobody wrote');
    expect(translateAnswer({ message: 'Series not found', code: 7 }, 'ru')).toEqual({
      message: 'Сериал не найден',
      code: 7,
    });
  });
});

describe('Accept-Language as the API reads it', () => {
  it('orders the languages by q, keeping the header order for equal weights', () => {
    expect(acceptedLanguages('en;q=0.5, ru-RU, de;q=0.9')).toEqual(['ru-RU', 'de', 'en']);
    expect(acceptedLanguages('fr, ru;q=0.8, en;q=0.7')).toEqual(['fr', 'ru', 'en']);
  });

  it('drops q=0, malformed entries and garbage, and reads only the start of a huge header', () => {
    expect(acceptedLanguages('ru;q=0, en')).toEqual(['en']);
    expect(acceptedLanguages('ru;q=abc, <script>, en;q=2, ;;;, ')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages(['ru'])).toEqual([]);
    expect(acceptedLanguages(`${'x'.repeat(50_000)}, ru`)).toEqual([]);
    expect(acceptedLanguages(`ru${'-x'.repeat(4000)}`)).toEqual([]);
    expect(acceptedLanguages(`${Array.from({ length: 5000 }, () => 'de').join(',')},ru`)).not.toContain('ru');
  });
});

describe.each(databaseKinds())('answers in the viewer language (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers a Russian browser in Russian, saying so in Content-Language and Vary', async () => {
    const answer = await call(t.app, {
      url: '/api/series/999/',
      headers: { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: 'Сериал не найден' });
    expect(answer.headers['content-language']).toBe('ru');
    expect(String(answer.headers.vary)).toContain('Accept-Language');
  });

  it('keeps English for everybody else: no header, an unsupported language, or garbage', async () => {
    const cases: Array<Record<string, string>> = [
      {},
      { 'accept-language': 'de-DE,fr;q=0.9' },
      { 'accept-language': '%%%;q=x,,' },
    ];
    for (const headers of cases) {
      const answer = await call(t.app, { url: '/api/series/999/', headers });
      expect(answer.json()).toEqual({ message: 'Series not found' });
      expect(answer.headers['content-language']).toBe('en');
    }
    const huge = await call(t.app, {
      url: '/api/series/999/',
      headers: { 'accept-language': `ru${'-x'.repeat(4000)}` },
    });
    expect(huge.statusCode).toBe(404);
    expect(huge.json()).toEqual({ message: 'Series not found' });
  });

  it('writes validation problems in Russian, the sentence and each field', async () => {
    const answer = await call(t.app, {
      method: 'POST',
      url: '/api/auth/register/',
      headers: { 'accept-language': 'ru' },
      payload: { email: 'x@example.com' },
    });
    expect(answer.statusCode).toBe(400);
    const body = answer.json();
    expect(body.message).toBe('Поле «password» обязательно');
    expect(body.errors).toEqual([{ field: 'password', message: 'обязательно' }]);
  });

  it('answers success messages and unknown endpoints in Russian too', async () => {
    const missing = await call(t.app, { url: '/api/no-such-thing/', headers: { 'accept-language': 'ru' } });
    expect(missing.json().message).toBe('Такого адреса API нет: GET /api/no-such-thing/');
    const session = await registerUser(t.app, 'signed-out-ru@example.com');
    const out = await call(t.app, {
      method: 'POST',
      url: '/api/auth/logout/',
      headers: { ...bearer(session.access), 'accept-language': 'ru' },
      payload: { refresh: session.refresh },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe('Вы вышли из аккаунта');
    expect(out.headers['content-language']).toBe('ru');
  });

  it("prefers the language stored on the account to the browser's", async () => {
    const russian = await registerUser(t.app, 'stored-ru@example.com');
    const saved = await call(t.app, {
      method: 'PATCH',
      url: '/api/users/profile/',
      headers: bearer(russian.access),
      payload: { language: 'ru' },
    });
    expect(saved.statusCode).toBe(200);
    // A route that loads the viewer, and one that does not (the validation runs before it would).
    const notFound = await call(t.app, {
      url: '/api/series/999/',
      headers: { ...bearer(russian.access), 'accept-language': 'en-US,en' },
    });
    expect(notFound.json().message).toBe('Сериал не найден');
    expect(notFound.headers['content-language']).toBe('ru');
    const invalid = await call(t.app, {
      method: 'PATCH',
      url: '/api/users/profile/',
      headers: { ...bearer(russian.access), 'accept-language': 'en' },
      payload: { username: 'x' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Поле «username» слишком короткое (не меньше 3 симв.)');

    const english = await registerUser(t.app, 'stored-en@example.com');
    await call(t.app, {
      method: 'PATCH',
      url: '/api/users/profile/',
      headers: bearer(english.access),
      payload: { language: 'en' },
    });
    const answer = await call(t.app, {
      url: '/api/series/999/',
      headers: { ...bearer(english.access), 'accept-language': 'ru' },
    });
    expect(answer.json().message).toBe('Series not found');
  });

  it('follows the browser while the account has no stored choice', async () => {
    const session = await registerUser(t.app, 'no-choice@example.com');
    const answer = await call(t.app, {
      url: '/api/series/999/',
      headers: { ...bearer(session.access), 'accept-language': 'ru' },
    });
    expect(answer.json().message).toBe('Сериал не найден');
  });
});
