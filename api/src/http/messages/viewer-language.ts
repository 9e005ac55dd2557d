/**
 * The language a request's readable answers are written in (issue #21): the signed-in user's stored
 * choice (`users.language`), else the first supported language of `Accept-Language` by q-order, else
 * English. Answers whose text depends on it say so (`Content-Language`, `Vary: Accept-Language`).
 */
import { detectLanguage, type Language } from '@cliffhanger/shared/languages';
import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The language saved on the account a request's valid Bearer token names (null when it names none
     * or the lookup fails), or null at once when the request carries no Bearer token. The kernel's
     * identity hooks provide it (kernel/identity.ts); without them only the headers count.
     */
    savedLanguageOfRequest?: (request: FastifyRequest) => Promise<string | null> | null;
  }
}

/** Only so much of a header is read: a huge or garbled one costs nothing and means "no preference". */
const MAX_HEADER_LENGTH = 1024;
const MAX_RANGES = 32;
const LANGUAGE_RANGE = /^(?:[A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*|\*)$/;
const QUALITY = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

/**
 * The language ranges of an `Accept-Language` header, most preferred first (a stable sort by q);
 * malformed entries and `q=0` are left out.
 */
export function acceptedLanguages(header: unknown): string[] {
  if (typeof header !== 'string' || header.length === 0) return [];
  const ranges: Array<{ tag: string; q: number; index: number }> = [];
  // Past the limit the last range read may be cut short: it is left out.
  const cut = header.length > MAX_HEADER_LENGTH ? header.lastIndexOf(',', MAX_HEADER_LENGTH) : header.length;
  const text = header.slice(0, Math.max(0, cut));
  const parts = text.split(',', MAX_RANGES);
  parts.forEach((part, index) => {
    const [rawTag = '', ...parameters] = part.split(';');
    const tag = rawTag.trim();
    if (!LANGUAGE_RANGE.test(tag)) return;
    let q = 1;
    for (const parameter of parameters) {
      const quality = QUALITY.exec(parameter.trim());
      if (!quality) return;
      q = Number(quality[1]);
    }
    if (q > 0) ranges.push({ tag, q, index });
  });
  return ranges.sort((a, b) => b.q - a.q || a.index - b.index).map((range) => range.tag);
}

const resolved = new WeakMap<FastifyRequest, Promise<Language>>();

export interface LanguageOptions {
  /**
   * Whether the stored choice may be looked up when the route did not load the viewer. Off for
   * answers that must stay cheap (the rate limiter's 429) or when the database may be what failed.
   */
  lookUpStored?: boolean;
}

/** The request's language (see the file comment); never throws. */
export function viewerLanguage(
  request: FastifyRequest,
  { lookUpStored = true }: LanguageOptions = {},
): Promise<Language> {
  const known = resolved.get(request);
  if (known) return known;
  const preferred = acceptedLanguages(request.headers['accept-language']);
  const viewer = request.viewer;
  const stored = viewer || !lookUpStored ? null : (request.server.savedLanguageOfRequest?.(request) ?? null);
  if (stored === null) return Promise.resolve(detectLanguage(viewer?.language, preferred));
  const language = stored.then(
    (saved) => detectLanguage(saved, preferred),
    () => detectLanguage(null, preferred),
  );
  resolved.set(request, language);
  return language;
}

/** The language a request's own headers ask for (no stored choice): for work done on its behalf. */
export function headerLanguages(request: FastifyRequest): string[] {
  return acceptedLanguages(request.headers['accept-language']);
}

/** Adds a field to `Vary`, keeping what is there. */
export function varyOn(reply: FastifyReply, field: string) {
  const current = reply.getHeader('vary');
  const text = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  const fields = text.split(',').map((name) => name.trim().toLowerCase());
  if (fields.includes('*') || fields.includes(field.toLowerCase())) return;
  reply.header('vary', text ? `${text}, ${field}` : field);
}

/** Marks an answer as written in `language`, chosen from the request's headers. */
export function markLanguage(reply: FastifyReply, language: Language) {
  reply.header('content-language', language);
  varyOn(reply, 'Accept-Language');
}
