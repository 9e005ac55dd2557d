/**
 * The API documents itself: the interactive docs page at /api/docs, its assets, and the OpenAPI
 * document it reads at /api/docs/json — in every configuration, tests included.
 */
import { call } from '../support/http';
import { createTestApp, type TestApp } from '../support/test-app';

describe('the API docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('answers the interactive docs page at /api/docs', async () => {
    const page = await call(t.app, { url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-ui');
  });

  it('serves the page’s own script from its package', async () => {
    const page = await call(t.app, { url: '/api/docs' });
    const script = /<script src="([^"]*swagger-ui-bundle\.js)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    const asset = await call(t.app, { url: new URL(script as string, 'http://api.test/api/docs').pathname });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
  });

  it('points the page at the OpenAPI document, which answers at /api/docs/json', async () => {
    const doc = await call(t.app, { url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json()).toEqual(expect.objectContaining({ openapi: expect.any(String) }));
  });
});
