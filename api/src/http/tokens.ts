/**
 * Access tokens are HS256 JSON Web Tokens signed with JWT_SECRET; refresh, magic-link, reset and
 * verification tokens are opaque random strings stored only as SHA-256 hashes, so a database leak
 * does not leak usable tokens.
 *
 * The JWT is built on node:crypto: with one algorithm and one key, HS256 is small enough to do
 * exactly, with no library between the secret and the check: a fixed header, an HMAC, a constant-time
 * comparison, and strict claim checks.
 */

import { createHash, createHmac, createSecretKey, type KeyObject, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const ISSUER = 'cliffhanger';
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export interface AccessClaims {
  sub: string;
  typ: 'access';
  iss: string;
  iat: number;
  exp: number;
}

/**
 * The HMAC key of each secret, made once: building it from the secret string on every request cost
 * about a tenth of an authenticated poll. A process knows one secret (tests use a few); the map is
 * emptied past a handful so a caller passing many cannot make it grow.
 */
const keys = new Map<string, KeyObject>();
const MAX_KEYS = 16;

function keyFor(secret: string): KeyObject {
  let key = keys.get(secret);
  if (key === undefined) {
    if (keys.size >= MAX_KEYS) keys.clear();
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

/** A SHA-256 HMAC in base64url without padding: 43 characters, the last holding 4 bits and 2 zero bits. */
const SIGNATURE = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

function sign(input: string, secret: string): Buffer {
  return createHmac('sha256', keyFor(secret)).update(input).digest();
}

export function signAccessToken(userId: number, secret: string, ttlSeconds: number, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const claims: AccessClaims = { sub: String(userId), typ: 'access', iss: ISSUER, iat, exp: iat + ttlSeconds };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${body}.${sign(body, secret).toString('base64url')}`;
}

/**
 * Access tokens already verified, with their user and expiry: a tab polls with the same token every
 * 2 s, and checking its signature again (the HMAC, the decoding) was a fifth of a cached poll's work.
 * Only a token whose signature and claims were verified is kept, under its exact text and the secret
 * it was verified with, so a lookup can only answer what verifying it again would; its expiry is
 * still checked against the time of each call. Emptied past a bound, so it cannot grow.
 */
const verified = new Map<string, { secret: string; userId: number; expiresAt: number }>();
const MAX_VERIFIED = 10_000;

/** The user id of a valid, unexpired access token, or null for anything else. */
export function verifyAccessToken(token: string, secret: string, now = Date.now()): number | null {
  const known = verified.get(token);
  if (known !== undefined && known.secret === secret) return known.expiresAt <= now ? null : known.userId;
  const claims = verifiedClaims(token, secret);
  if (claims === null) return null;
  if (verified.size >= MAX_VERIFIED) verified.clear();
  verified.set(token, { secret, ...claims });
  return claims.expiresAt <= now ? null : claims.userId;
}

/** The user and expiry (ms) of a token with our header, a valid signature and well-formed claims. */
function verifiedClaims(token: string, secret: string): { userId: number; expiresAt: number } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  // Only our exact header is accepted: no `alg: none`, no algorithm switching.
  if (header !== HEADER) return null;
  // Exactly the 43 base64url characters of a SHA-256 HMAC: Node's decoder skips characters outside
  // the alphabet, so without this a signature with junk added would still verify (one token, many texts).
  if (!SIGNATURE.test(signature)) return null;
  const expected = sign(`${header}.${payload}`, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: Partial<AccessClaims>;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (claims.typ !== 'access' || claims.iss !== ISSUER || typeof claims.exp !== 'number') return null;
  const id = Number(claims.sub);
  return Number.isSafeInteger(id) && id > 0 ? { userId: id, expiresAt: claims.exp * 1000 } : null;
}

/** A fresh opaque token (256 bits, URL-safe). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The bearer token of a request, or null when none (or only the static Token header) is sent. */
export function bearerToken(request: Pick<FastifyRequest, 'headers'>): string | null {
  return bearerTokenOf(request.headers.authorization);
}

/** `Bearer <token>`, the scheme in any case. */
const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The bearer token an Authorization header carries, or null. */
export function bearerTokenOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = BEARER.exec(header);
  return match ? (match[1] as string) : null;
}
