/**
 * A staff member uploading in Russian reads every refusal of a resumable upload in Russian — ours and
 * the tus library's own — and an unexpected failure says nothing of the server's inside.
 */
import { randomBytes } from 'node:crypto';
import { ERRORS } from '@tus/utils';
import { sql } from 'kysely';
import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import { MAX_UPLOAD_BYTES } from '../../../src/domains/media/content-sniffing';
import { translateTusBody } from '../../../src/domains/media/tus-uploads';
import { RU_MESSAGES } from '../../../src/http/messages/ru';
import { databaseKinds } from '../../support/databases';
import { smallCatalogue } from '../../support/fixtures';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { type Cast, signUpCast } from '../admin/staff-fixtures';
import { FTYP, tusClient } from './tus-client';

jest.setTimeout(60_000);

describe('the tus library’s refusals', () => {
  it('each has a Russian text', () => {
    const missing = Object.values(ERRORS)
      .map((error) => error.body.replace(/\n$/, ''))
      .filter((body) => RU_MESSAGES[body] === undefined);
    expect(missing).toEqual([]);
  });

  it('keep their form: JSON stays JSON, a plain line stays a plain line, an unknown text stays as it is', () => {
    expect(translateTusBody('{"message":"Sign in again to upload."}', 'ru')).toBe(
      JSON.stringify({ message: 'Чтобы загружать файлы, войдите снова.' }),
    );
    expect(translateTusBody(ERRORS.INVALID_OFFSET.body, 'ru')).toBe(
      'Смещение загрузки (Upload-Offset) не совпадает с уже принятыми данными\n',
    );
    expect(translateTusBody(ERRORS.INVALID_OFFSET.body, 'en')).toBe(ERRORS.INVALID_OFFSET.body);
    expect(translateTusBody('not a message we know\n', 'ru')).toBe('not a message we know\n');
    expect(translateTusBody('{"other":1}', 'ru')).toBe('{"other":1}');
  });
});

describe.each(databaseKinds())('resumable uploads in the staff member’s language (%s)', (kind) => {
  let t: TestApp;
  let cast: Cast;
  const russian = () => ({ ...bearer(cast.staff.access), 'accept-language': 'ru-RU,ru;q=0.9' });
  const { start, patch, started } = tusClient(() => t.app, russian);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    cast = await signUpCast(t);
  });
  afterAll(() => t.close());

  it('refuses a nameless file, an oversized one, a wrong offset and an unknown upload in Russian', async () => {
    const nameless = await start(100, { note: 'x' });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().message).toBe('Укажите имя файла (filename в Upload-Metadata).');

    const oversized = await start(MAX_UPLOAD_BYTES.video + 1, { filename: 'a.mp4' });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.body).toBe('Файл больше допустимого размера\n');

    const location = await started(200, { filename: 'a.mp4' });
    const wrongOffset = await patch(location, 50, Buffer.concat([FTYP, randomBytes(10)]));
    expect(wrongOffset.statusCode).toBe(409);
    expect(wrongOffset.body).toBe('Смещение загрузки (Upload-Offset) не совпадает с уже принятыми данными\n');

    const unknown = await patch('/api/admin/media/tus/0123456789abcdef0123456789abcdef', 0, FTYP);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe('Загрузка по этому адресу не найдена\n');
  });

  it('answers an English staff member as before', async () => {
    const english = tusClient(
      () => t.app,
      () => bearer(cast.staff.access),
    );
    const nameless = await english.start(100, { note: 'x' });
    expect(nameless.json().message).toBe('Name the file (filename in Upload-Metadata).');
    const oversized = await english.start(MAX_UPLOAD_BYTES.video + 1, { filename: 'a.mp4' });
    expect(oversized.body).toBe(ERRORS.ERR_MAX_SIZE_EXCEEDED.body);
  });

  it('answers an unexpected failure with a plain apology, not the server’s own error text', async () => {
    // The database loses the episodes table under the upload: the check of the episode fails.
    await sql`ALTER TABLE episodes RENAME TO episodes_gone`.execute(t.ctx.db);
    try {
      const failed = await start(100, { filename: 'a.mp4', episode_id: '1' });
      expect(failed.statusCode).toBe(500);
      expect(failed.body).not.toMatch(/episodes|table|relation|SQL/i);
      expect(failed.json().message).toBe('У нас что-то пошло не так. Пожалуйста, попробуйте снова.');
    } finally {
      await sql`ALTER TABLE episodes_gone RENAME TO episodes`.execute(t.ctx.db);
    }
  });
});
