/**
 * What every domain needs, built once per app by `buildApp` and handed to each domain plugin: the
 * database, the configuration, mail, password hashing and the media-address rewrite.
 */
import type { Kysely } from 'kysely';
import type { AppConfig } from './config';
import type { DatabaseKind } from './db/database';
import type { Database } from './db/schema';
import type { Mailer } from './mail/mailer';
import type { MediaUrlRewriter } from './media-urls';
import type { PasswordHasher } from './passwords';

export interface AppContext {
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  config: AppConfig;
  mailer: Mailer;
  passwords: PasswordHasher;
  mediaUrl: MediaUrlRewriter;
  /** The clock, injectable so expiry rules can be tested without waiting. */
  now: () => Date;
}

export const nowIso = (ctx: Pick<AppContext, 'now'>) => ctx.now().toISOString();
