/**
 * Staff add, replace, list, preview and delete an episode's subtitles per language; a file that
 * cannot be read is refused with the line at fault and changes nothing; every change is in the audit
 * log; viewers cannot touch any of it.
 */
import { request as httpRequest } from 'node:http';
import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import { databaseKinds } from '../../support/databases';
import { smallCatalogue } from '../../support/fixtures';
import { call, listenOnFreePort } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { type Cast, signUpCast } from '../admin/staff-fixtures';

const VTT =
  'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nShe signed at midnight.\n\n00:00:04.000 --> 00:00:06.000\n<i>Why?</i>\n';
const SRT = '1\r\n00:00:01,000 --> 00:00:02,000\r\nПривет.\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,500\r\nКак дела?\r\n';

describe.each(databaseKinds())('staff subtitles (%s)', (kind) => {
  let t: TestApp;
  let cast: Cast;
  let episodeId = 0;
  let otherEpisodeId = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    cast = await signUpCast(t);
    const episodes = await t.ctx.db.selectFrom('episodes').select('id').orderBy('id').limit(2).execute();
    episodeId = episodes[0]?.id as number;
    otherEpisodeId = episodes[1]?.id as number;
  });
  afterAll(() => t.close());

  const as = (who: keyof Cast) => bearer(cast[who].access);
  const base = (id = episodeId) => `/api/admin/episodes/${id}/subtitles/`;
  const put = (language: string, payload: unknown, who: keyof Cast = 'staff', id = episodeId) =>
    call(t.app, { method: 'PUT', url: `${base(id)}${language}/`, headers: as(who), payload });
  const list = (id = episodeId, who: keyof Cast = 'staff') => call(t.app, { url: base(id), headers: as(who) });
  const preview = (language: string, id = episodeId) =>
    call(t.app, { url: `${base(id)}${language}/`, headers: as('staff') });
  const remove = (language: string, who: keyof Cast = 'staff', id = episodeId) =>
    call(t.app, { method: 'DELETE', url: `${base(id)}${language}/`, headers: as(who) });
  const stored = () =>
    t.ctx.db
      .selectFrom('episode_subtitles')
      .selectAll()
      .where('episode_id', '=', episodeId)
      .orderBy('language')
      .execute();
  const audit = () =>
    t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'episode')
      .where('entity_id', '=', String(episodeId))
      .where('action', 'like', 'subtitles.%')
      .orderBy('id')
      .execute();

  it('keeps exactly one track when 50 uploads of one language race, each answered 200 or 201', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        put('fr', { text: `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nVersion ${n}\n` }, 'staff', otherEpisodeId),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).filter((status) => status !== 200 && status !== 201)).toEqual([]);
    expect(answers.filter((answer) => answer.statusCode === 201).length).toBeGreaterThanOrEqual(1);
    const rows = await t.ctx.db
      .selectFrom('episode_subtitles')
      .selectAll()
      .where('episode_id', '=', otherEpisodeId)
      .where('language', '=', 'fr')
      .execute();
    expect(rows).toHaveLength(1);
    expect((await remove('fr', 'staff', otherEpisodeId)).statusCode).toBe(204);
  });

  it('adds a WebVTT track (201), named after its language when no label is given', async () => {
    const added = await put('en', { text: VTT });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ language: 'en', label: 'English', cues: 2, updated_at: expect.any(String) });
    expect((await list()).json()).toEqual({ results: [added.json()] });
  });

  it('converts an .srt upload to WebVTT and previews it as text/vtt', async () => {
    const added = await put('ru', { text: SRT });
    expect(added.statusCode).toBe(201);
    expect(added.json().label).toBe('Русский');
    const shown = await preview('ru');
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toMatch(/^text\/vtt/);
    expect(shown.body).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nПривет.\n\n00:00:03.000 --> 00:00:04.500\nКак дела?\n',
    );
  });

  it('replaces a track (200) with a new text and the label staff chose', async () => {
    const replaced = await put('en', {
      label: '  English  (CC) ',
      text: `${VTT}\n00:00:07.000 --> 00:00:08.000\nThird\n`,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toEqual(expect.objectContaining({ language: 'en', label: 'English (CC)', cues: 3 }));
    expect((await list()).json().results.map((track: { language: string }) => track.language)).toEqual(['en', 'ru']);
    expect((await preview('en')).body).toContain('Third');
  });

  it('writes an audit entry for every change, naming the staff member', async () => {
    const entries = await audit();
    expect(entries.map((entry) => entry.action)).toEqual(['subtitles.add', 'subtitles.add', 'subtitles.replace']);
    expect(entries.every((entry) => entry.actor_id === cast.staff.user.id)).toBe(true);
    const last = entries[2];
    expect(JSON.parse(last?.before_json as string)).toEqual(expect.objectContaining({ language: 'en', cues: 2 }));
    expect(JSON.parse(last?.after_json as string)).toEqual(
      expect.objectContaining({ language: 'en', label: 'English (CC)', cues: 3 }),
    );
  });

  it('refuses a file it cannot read with the line at fault, changing nothing', async () => {
    const before = await stored();
    const auditBefore = (await audit()).length;
    const bad = await put('en', {
      text: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nFine\n\n00:01,000 --> 00:02\nBad\n',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(
      expect.objectContaining({ message: 'Line 6: the cue timing “00:01,000 --> 00:02” is not valid.', line: 6 }),
    );
    for (const payload of [
      { text: '' },
      { text: 'WEBVTT\n' },
      { text: 'just words' },
      { text: VTT, label: 'x'.repeat(41) },
      { text: VTT, label: 'Say "hi"' },
      { text: VTT, label: 'Bell\u0007' },
      { text: `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${'я'.repeat(140_000)}\n` },
      { label: 'No text' },
      { text: 42 },
    ]) {
      const refused = await put('en', payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toEqual(expect.any(String));
    }
    // A body over the API's limit is refused before it is read in full.
    const huge = await put('en', { text: `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${'x'.repeat(1_100_000)}\n` });
    expect(huge.statusCode).toBe(413);
    expect(await stored()).toEqual(before);
    expect(await audit()).toHaveLength(auditBefore);
  });

  it('refuses a language that is not a language tag (400), changing nothing', async () => {
    for (const language of ['EN', 'english', 'en.m3u8', 'en_US', 'e', 'en-', 'en-toolongtag', '%00', 'en%0A']) {
      expect([language, (await put(language, { text: VTT })).statusCode]).toEqual([language, 400]);
      expect([language, (await preview(language)).statusCode]).toEqual([language, 400]);
      expect([language, (await remove(language)).statusCode]).toEqual([language, 400]);
    }
    expect((await stored()).map((row) => row.language)).toEqual(['en', 'ru']);
  });

  it('refuses a language that climbs out of its folder, as a browser would send it', async () => {
    const port = await listenOnFreePort(t.app);
    const raw = (method: string, path: string) =>
      new Promise<number>((resolve, reject) => {
        const body = JSON.stringify({ text: VTT });
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method,
            path,
            headers:
              method === 'PUT'
                ? { ...as('staff'), 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
                : as('staff'),
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(method === 'PUT' ? body : undefined);
      });
    for (const language of ['%2e%2e', '%2E%2E', '..%2F..%2Fetc', '%2e%2e%2fen', 'en%2F..', '.%2e']) {
      const path = `${base()}${language}/`;
      expect([language, await raw('PUT', path)]).toEqual([language, 400]);
      expect([language, await raw('GET', path)]).toEqual([language, 400]);
    }
    expect((await stored()).map((row) => row.language)).toEqual(['en', 'ru']);
  });

  it('keeps each episode’s tracks apart', async () => {
    expect((await list(otherEpisodeId)).json()).toEqual({ results: [] });
    expect((await preview('en', otherEpisodeId)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown episode or a language the episode has no track in', async () => {
    expect((await list(999_999)).statusCode).toBe(404);
    expect((await put('en', { text: VTT }, 'staff', 999_999)).statusCode).toBe(404);
    expect((await preview('en', 999_999)).statusCode).toBe(404);
    expect((await remove('en', 'staff', 999_999)).statusCode).toBe(404);
    const missing = await preview('de');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This episode has no subtitles in that language.');
    expect((await remove('de')).statusCode).toBe(404);
  });

  it('refuses viewers and guests (403) and the signed-out (401), changing nothing', async () => {
    const before = await stored();
    for (const who of ['viewer', 'guest'] as const) {
      expect((await put('en', { text: VTT }, who)).statusCode).toBe(403);
      expect((await put('de', { text: VTT }, who)).statusCode).toBe(403);
      expect((await remove('en', who)).statusCode).toBe(403);
      expect((await list(episodeId, who)).statusCode).toBe(403);
    }
    const anonymous = await call(t.app, { method: 'PUT', url: `${base()}en/`, payload: { text: VTT } });
    expect(anonymous.statusCode).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it('deletes a track (204), with an audit entry, and the episode keeps the others', async () => {
    const deleted = await remove('ru');
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await list()).json().results.map((track: { language: string }) => track.language)).toEqual(['en']);
    expect((await audit()).at(-1)).toEqual(
      expect.objectContaining({ action: 'subtitles.delete', actor_id: cast.staff.user.id }),
    );
    expect((await remove('ru')).statusCode).toBe(404);
  });

  it('drops script and markup from cues before storing them', async () => {
    const added = await put('fr', {
      text: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<script>alert(1)</script><img src=x onerror=alert(1)>Bonjour <b onclick="x">!</b>\n',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().label).toBe('Français');
    const text = (await preview('fr')).body;
    expect(text).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nBonjour <b>!</b>\n');
  });

  it('a track goes with its episode', async () => {
    await t.ctx.db.deleteFrom('episodes').where('id', '=', episodeId).execute();
    expect(await stored()).toEqual([]);
  });
});
