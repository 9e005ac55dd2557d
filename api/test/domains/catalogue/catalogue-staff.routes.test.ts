import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import { databaseKinds } from '../../support/databases';
import { smallCatalogue } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { type Cast, signUpCast } from '../admin/staff-fixtures';

/** A tiny valid PNG (1×1), for inline images. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe.each(databaseKinds())('staff catalogue API (%s)', (kind) => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    cast = await signUpCast(t);
  });
  afterAll(() => t.close());

  const as = (who: keyof Cast | null) => (who ? bearer(cast[who].access) : {});

  describe('the authorization matrix', () => {
    // As for the rest of /api/admin: reads answer 200 for staff; writes are sent with a body that passes
    // authorization but fails validation, so the matrix changes nothing.
    const routes: Array<[string, string, unknown]> = [
      ['GET', '/api/admin/series/', null],
      ['GET', '/api/admin/series/1/', null],
      ['GET', '/api/admin/series/1/episodes/', null],
      ['GET', '/api/admin/episodes/', null],
      ['POST', '/api/admin/series/', {}],
      ['PATCH', '/api/admin/series/1/', {}],
      ['PATCH', '/api/admin/series/1/media/', {}],
      ['POST', '/api/admin/series/1/episodes/', {}],
      ['PUT', '/api/admin/series/1/episodes/order/', {}],
      ['POST', '/api/admin/series/1/pricing/preview/', {}],
      ['PUT', '/api/admin/series/1/pricing/', {}],
      ['PATCH', '/api/admin/episodes/1/', {}],
    ];

    it.each(routes)(
      '%s %s: 401 anonymous, 403 guest and viewer, allowed for staff and superuser',
      async (method, url, payload) => {
        const send = (who: keyof Cast | null) =>
          call(t.app, { method, url, headers: as(who), payload: payload ?? undefined });
        expect((await send(null)).statusCode).toBe(401);
        for (const who of ['guest', 'viewer'] as const) {
          const answer = await send(who);
          expect(answer.statusCode).toBe(403);
          expect(answer.json().message).toEqual(expect.any(String));
        }
        for (const who of ['staff', 'superuser'] as const) {
          const answer = await send(who);
          expect([200, 400]).toContain(answer.statusCode);
          if (method === 'GET') expect(answer.statusCode).toBe(200);
        }
      },
    );
  });

  it.each(['/api/admin/episodes/?series_id=2147483648', '/api/admin/series/?category_id=9007199254740992'])(
    'GET %s: an id past the stored range is a 400, not a server error',
    async (url) => {
      const answer = await call(t.app, { url, headers: as('superuser') });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toMatch(/^The [\w ]+ must be /);
    },
  );

  describe('series and episodes', () => {
    it('creates, edits and soft-deletes a series; a deleted series leaves /api/series/ and its detail', async () => {
      const created = await call(t.app, {
        method: 'POST',
        url: '/api/admin/series/',
        headers: as('staff'),
        payload: {
          title: 'Café Secrets',
          description: 'A new drama',
          tags: ['drama'],
          is_featured: true,
          category_ids: [1],
        },
      });
      expect(created.statusCode).toBe(201);
      const series = created.json();
      expect(series).toEqual(expect.objectContaining({ slug: 'cafe-secrets', is_featured: true, category_ids: [1] }));
      expect([9, 10]).not.toContain(series.id);
      const publicList = async () =>
        (await call(t.app, { url: '/api/series/?limit=100' })).json().results.map((s: { id: number }) => s.id);
      // A new series is a draft; published (here straight in the table), viewers see it.
      expect(series.publish_state).toBe('draft');
      expect(await publicList()).not.toContain(series.id);
      await t.ctx.db
        .updateTable('series')
        .set({ status: 'published', published_at: '2000-01-01T00:00:00.000Z' })
        .where('id', '=', series.id)
        .execute();
      expect(await publicList()).toContain(series.id);

      const edited = await call(t.app, {
        method: 'PATCH',
        url: `/api/admin/series/${series.id}/`,
        headers: as('staff'),
        payload: { title: 'Café Secrets II', rating: 8.5 },
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toEqual(expect.objectContaining({ title: 'Café Secrets II', rating: 8.5 }));

      const bad = await call(t.app, {
        method: 'PATCH',
        url: `/api/admin/series/${series.id}/`,
        headers: as('staff'),
        payload: { rating: 42 },
      });
      expect(bad.statusCode).toBe(400);
      expect((await call(t.app, { url: `/api/admin/series/${series.id}/`, headers: as('staff') })).json().rating).toBe(
        8.5,
      );

      const deleted = await call(t.app, {
        method: 'DELETE',
        url: `/api/admin/series/${series.id}/`,
        headers: as('staff'),
      });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json().deleted_at).toEqual(expect.any(String));
      expect(await publicList()).not.toContain(series.id);
      expect((await call(t.app, { url: `/api/series/${series.id}/` })).statusCode).toBe(404);
      const deletedList = await call(t.app, { url: '/api/admin/series/?status=deleted', headers: as('staff') });
      expect(deletedList.json().results.map((s: { id: number }) => s.id)).toContain(series.id);

      const audit = await call(t.app, {
        url: `/api/admin/audit/?entity=series&entity_id=${series.id}`,
        headers: as('superuser'),
      });
      const actions = audit.json().results.map((row: { action: string }) => row.action);
      expect(actions).toEqual(['series.delete', 'series.update', 'series.create']);
      const update = audit.json().results[1];
      expect(update.actor_id).toBe(cast.staff.user.id);
      expect(update.before.title).toBe('Café Secrets');
      expect(update.after.title).toBe('Café Secrets II');
    });

    it('overrides series media with an inline image, stored as WebP under /media/', async () => {
      const answer = await call(t.app, {
        method: 'PATCH',
        url: '/api/admin/series/2/media/',
        headers: as('staff'),
        payload: { poster_image: `data:image/png;base64,${PNG_1X1}`, banner_image: null },
      });
      expect(answer.statusCode).toBe(200);
      // The test app sets PUBLIC_URL, so answers carry it (product.md#requests); the stored value stays relative.
      const poster: string = answer.json().poster_image;
      expect(poster).toMatch(/^http:\/\/cliffhanger\.test\/media\/library\/images\/.+\.webp$/);
      expect(answer.json().banner_image).toBeNull();
      const stored = await t.ctx.db
        .selectFrom('series')
        .select('poster_image')
        .where('id', '=', 2)
        .executeTakeFirstOrThrow();
      expect(stored.poster_image).toBe(poster.replace('http://cliffhanger.test', ''));
      const served = await call(t.app, { url: stored.poster_image as string });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const publicSeries = (await call(t.app, { url: '/api/series/2/' })).json();
      expect(publicSeries.poster_image).toBe(answer.json().poster_image);
      const notImage = await call(t.app, {
        method: 'PATCH',
        url: '/api/admin/series/2/media/',
        headers: as('staff'),
        payload: { cover_image: `data:image/png;base64,${Buffer.from('not an image at all').toString('base64')}` },
      });
      expect(notImage.statusCode).toBe(415);
    });

    it('stores no inline image when the write is refused: a 409 or 400 leaves the media library unchanged', async () => {
      const inline = `data:image/png;base64,${PNG_1X1}`;
      const libraryFolder = join(t.ctx.config.mediaRoot, 'library', 'images');
      const library = async () => ({
        rows: Number(
          (
            await t.ctx.db
              .selectFrom('media_assets')
              .select((eb) => eb.fn.countAll<number>().as('count'))
              .executeTakeFirstOrThrow()
          ).count,
        ),
        files: (await readdir(libraryFolder).catch(() => [])).length,
      });
      const before = await library();
      const refusals: Array<[string, string, Record<string, unknown>, number]> = [
        ['POST', '/api/admin/series/', { title: 'Slug clash', slug: 'series-1', poster_image: inline }, 409],
        ['PATCH', '/api/admin/series/3/', { slug: 'series-1', cover_image: inline }, 409],
        ['PATCH', '/api/admin/series/3/media/', { cover_image: inline, banner_image: 'data:image/png;base64,' }, 400],
        [
          'POST',
          '/api/admin/series/',
          { title: 'No such category', category_ids: [999_999], poster_image: inline },
          400,
        ],
        ['PATCH', '/api/admin/series/999999/', { poster_image: inline }, 404],
        ['POST', '/api/admin/series/3/episodes/', { title: 'Clash', episode_number: 1, thumbnail: inline }, 409],
      ];
      for (const [method, url, payload, status] of refusals) {
        const answer = await call(t.app, { method, url, headers: as('staff'), payload });
        expect([url, answer.statusCode]).toEqual([url, status]);
        expect(await library()).toEqual(before);
      }
      // The same image on a write that happens is stored once, with its row.
      const accepted = await call(t.app, {
        method: 'PATCH',
        url: '/api/admin/series/3/media/',
        headers: as('staff'),
        payload: { cover_image: inline },
      });
      expect(accepted.statusCode).toBe(200);
      expect(await library()).toEqual({ rows: before.rows + 1, files: before.files + 1 });
    });

    it("sets and clears where an episode's credits start, refusing a mark outside the episode, and audits it", async () => {
      // Episode 5 runs 90 s; the seed marks its credits at 82 s.
      const edit = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
        call(t.app, {
          method: 'PATCH',
          url: '/api/admin/episodes/5/',
          headers: { ...as('staff'), ...headers },
          payload,
        });
      const stored = async () =>
        (await t.ctx.db.selectFrom('episodes').select('credits_start').where('id', '=', 5).executeTakeFirstOrThrow())
          .credits_start;
      for (const mark of [0, -3, 90, 200]) {
        const refused = await edit({ credits_start: mark });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe(
          'The credits must start after 0 s and before the end of the episode (90 s)',
        );
        expect(refused.json().errors).toEqual([{ field: 'credits_start', message: refused.json().message }]);
      }
      const russian = await edit({ credits_start: 95 }, { 'accept-language': 'ru-RU,ru;q=0.9' });
      expect(russian.json().message).toBe('Титры должны начинаться позже 0 с и раньше конца серии (90 с)');
      expect(await stored()).toBe(82);

      const set = await edit({ credits_start: 70.5 });
      expect(set.statusCode).toBe(200);
      expect(set.json().credits_start).toBe(70.5);
      expect((await call(t.app, { url: '/api/episodes/5/', headers: as('staff') })).json().credits_start).toBe(70.5);
      // Nor can the episode be made shorter than where its credits start.
      expect((await edit({ duration: 60 })).statusCode).toBe(400);
      const cleared = await edit({ credits_start: null });
      expect(cleared.json().credits_start).toBeNull();
      expect(await stored()).toBeNull();

      const audit = await call(t.app, {
        url: '/api/admin/audit/?entity=episode&entity_id=5',
        headers: as('superuser'),
      });
      const marks = audit
        .json()
        .results.filter((row: { action: string }) => row.action === 'episode.update')
        .map((row: { before: { credits_start: number | null }; after: { credits_start: number | null } }) => [
          row.before.credits_start,
          row.after.credits_start,
        ]);
      expect(marks).toEqual([
        [70.5, null],
        [82, 70.5],
      ]);
      await edit({ credits_start: 82 });
    });

    it('adds episodes with the default price, reorders them and keeps numbers unique', async () => {
      const url = '/api/admin/series/3/episodes/';
      const added = await call(t.app, { method: 'POST', url, headers: as('staff'), payload: { title: 'The twist' } });
      expect(added.statusCode).toBe(201);
      expect(added.json()).toEqual(
        expect.objectContaining({ episode_number: 4, is_free: false, coin_cost: 10, season_number: 1 }),
      );
      const clash = await call(t.app, {
        method: 'POST',
        url,
        headers: as('staff'),
        payload: { title: 'Again', episode_number: 2 },
      });
      expect(clash.statusCode).toBe(409);

      const list = (await call(t.app, { url, headers: as('staff') })).json() as Array<{ id: number; title: string }>;
      const reversed = list.map((e) => e.id).reverse();
      const reordered = await call(t.app, {
        method: 'PUT',
        url: `${url}order/`,
        headers: as('staff'),
        payload: { episode_ids: reversed },
      });
      expect(reordered.statusCode).toBe(200);
      expect(reordered.json().map((e: { id: number }) => e.id)).toEqual(reversed);
      expect(reordered.json().map((e: { episode_number: number }) => e.episode_number)).toEqual([1, 2, 3, 4]);
      const viewerOrder = (await call(t.app, { url: '/api/series/3/episodes/' }))
        .json()
        .map((e: { id: number }) => e.id);
      // The new episode is a draft: viewers get the others, in the new order.
      expect(viewerOrder).toEqual(reversed.filter((id) => id !== added.json().id));

      const partial = await call(t.app, {
        method: 'PUT',
        url: `${url}order/`,
        headers: as('staff'),
        payload: { episode_ids: reversed.slice(1) },
      });
      expect(partial.statusCode).toBe(400);

      const free = await call(t.app, {
        method: 'PATCH',
        url: `/api/admin/episodes/${added.json().id}/`,
        headers: as('staff'),
        payload: { is_free: true },
      });
      expect(free.json()).toEqual(expect.objectContaining({ is_free: true, coin_cost: 0 }));
    });
  });
});
