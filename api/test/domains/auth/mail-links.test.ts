/**
 * Mailed links open the site the viewer is using when we serve it on purpose (PUBLIC_URL, CORS_ORIGINS,
 * a loopback address with the dev tools on), and never a host a caller made up: a forged Host or
 * Origin header cannot send someone's sign-in token to another site.
 */
import { call } from '../../support/http';
import { createTestApp, type TestApp } from '../../support/test-app';

describe('the site in mailed links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { publicUrl: 'https://watch.example', corsOrigins: ['https://m.watch.example'] });
  }, 120_000);
  afterAll(() => t.close());

  async function linkFor(email: string, headers: Record<string, string>): Promise<string> {
    const asked = await call(t.app, { method: 'POST', url: '/api/auth/magic-link/', headers, payload: { email } });
    expect(asked.statusCode).toBe(200);
    const outbox = (await call(t.app, { url: '/api/dev/outbox?limit=100' })).json() as Array<{
      to: string;
      text: string;
    }>;
    const mail = outbox.find((entry) => entry.to.includes(email));
    const link = mail?.text.match(/https?:\/\/[^\s"'<>]+magic-link-[a-z]+=[A-Za-z0-9_-]+/)?.[0];
    if (!link) throw new Error(`no link mailed to ${email}`);
    return link;
  }

  it('uses the loopback address the site was opened at', async () => {
    const link = await linkFor('loop@example.com', { origin: 'http://127.0.0.1:8123' });
    expect(link.startsWith('http://127.0.0.1:8123/?magic-link-')).toBe(true);
  });

  it('uses an allow-listed origin and PUBLIC_URL', async () => {
    expect(
      (await linkFor('cors@example.com', { origin: 'https://m.watch.example' })).startsWith(
        'https://m.watch.example/?',
      ),
    ).toBe(true);
    expect((await linkFor('plain@example.com', {})).startsWith('https://watch.example/?')).toBe(true);
  });

  it('ignores a forged Host and Origin', async () => {
    const link = await linkFor('victim@example.com', { host: 'evil.example', origin: 'http://evil.example' });
    expect(link.startsWith('https://watch.example/?')).toBe(true);
  });
});
