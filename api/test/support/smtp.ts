/** A real SMTP server in the test process: mail sent through nodemailer lands in `messages`. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { DatabaseKind } from './databases';
import { type SuiteAppOptions, suiteApp } from './suite-app';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The decoded body (quoted-printable soft breaks and escapes undone). */
  text: string;
}

export interface TestSmtp {
  url: string;
  messages: ReceivedMail[];
  /** The first mail to `to` whose decoded text contains `containing`. */
  waitForMail(to: string, containing?: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export async function startSmtpServer(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQuotedPrintable(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitForMail(to, containing = '') {
      for (let i = 0; i < 200; i += 1) {
        const found = messages.find((mail) => mail.to.includes(to) && mail.text.includes(containing));
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`no mail for ${to} containing "${containing}"`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of a link like `…?magic-link-auth=<token>` in a mail. */
export function tokenFromMail(mail: ReceivedMail, parameter: string): string {
  const match = new RegExp(`[?&]${parameter}=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${parameter} link in mail:\n${mail.text}`);
  return match[1] as string;
}

/**
 * A suite app (see suite-app.ts) whose mail goes to its own test SMTP server, started before the app
 * and stopped after it: `smtp` reads what the app sent.
 */
export function suiteAppWithMail(kind: DatabaseKind, options: Omit<SuiteAppOptions, 'overrides'> = {}) {
  let server: TestSmtp | undefined;
  const started = () => {
    if (!server) throw new Error('the test SMTP server starts in beforeAll: read it inside tests and hooks');
    return server;
  };
  beforeAll(async () => {
    server = await startSmtpServer();
  });
  const t = suiteApp(kind, {
    ...options,
    overrides: () => ({ mail: { smtpUrl: started().url, from: 'test@cliffhanger.test', outboxPath: '/dev/null' } }),
  });
  afterAll(() => server?.close());
  const smtp: TestSmtp = {
    get url() {
      return started().url;
    },
    get messages() {
      return started().messages;
    },
    waitForMail: (to, containing) => started().waitForMail(to, containing),
    close: () => started().close(),
  };
  return { t, smtp };
}
