/**
 * Outgoing mail. With SMTP_URL set, mail goes through nodemailer over SMTP; without it, each message is
 * appended to an outbox file (JSON lines) and kept in memory, so a fresh checkout can sign in through
 * magic links by reading them at `GET /api/dev/outbox` — no mail server needed.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SentMail extends MailMessage {
  from: string;
  sentAt: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** The most recent outbox mails, newest first (empty when mail goes over SMTP). */
  recent(limit: number): SentMail[];
  close(): Promise<void>;
}

const OUTBOX_MEMORY = 100;

export function createMailer(config: MailConfig): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: config.from, ...message });
      },
      recent: () => [],
      async close() {
        transport.close();
      },
    };
  }

  const kept: SentMail[] = [];
  return {
    async send(message) {
      const mail: SentMail = { ...message, from: config.from, sentAt: new Date().toISOString() };
      kept.unshift(mail);
      kept.length = Math.min(kept.length, OUTBOX_MEMORY);
      await mkdir(dirname(config.outboxPath), { recursive: true });
      await appendFile(config.outboxPath, `${JSON.stringify(mail)}\n`);
    },
    recent: (limit) => kept.slice(0, limit),
    async close() {},
  };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A plain mail with one call-to-action link, in text and HTML. */
export function linkMail(
  to: string,
  subject: string,
  intro: string,
  linkLabel: string,
  link: string,
  outro: string,
): MailMessage {
  return {
    to,
    subject,
    text: `${intro}\n\n${linkLabel}: ${link}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(linkLabel)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}
