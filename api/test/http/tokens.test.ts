/**
 * An access token is accepted only with the secret that signed it, however many secrets the process
 * has seen, and only while unexpired and untouched — also when the same token was accepted before
 * (verified tokens are remembered, http/tokens.ts).
 */
import { signAccessToken, verifyAccessToken } from '../../src/http/tokens';

const first = 'a'.repeat(32);
const second = 'b'.repeat(32);

describe('access tokens', () => {
  it('are accepted with their own secret only, whichever secret was used before', () => {
    const now = Date.UTC(2025, 0, 1);
    const byFirst = signAccessToken(7, first, 600, now);
    const bySecond = signAccessToken(7, second, 600, now);
    expect(byFirst).not.toBe(bySecond);
    for (let round = 0; round < 2; round += 1) {
      expect(verifyAccessToken(byFirst, first, now)).toBe(7);
      expect(verifyAccessToken(bySecond, second, now)).toBe(7);
      expect(verifyAccessToken(byFirst, second, now)).toBeNull();
      expect(verifyAccessToken(bySecond, first, now)).toBeNull();
    }
  });

  it('sign the same claims to the same token every time', () => {
    const now = Date.UTC(2025, 0, 1);
    expect(signAccessToken(3, 'é-secret-ключ-鍵'.repeat(3), 60, now)).toBe(
      signAccessToken(3, 'é-secret-ключ-鍵'.repeat(3), 60, now),
    );
  });

  it('stay valid with their secret after the process has seen many other secrets', () => {
    const now = Date.UTC(2025, 0, 1);
    const token = signAccessToken(11, first, 600, now);
    for (let i = 0; i < 40; i += 1) verifyAccessToken(token, `other-secret-${i}`.padEnd(32, 'x'), now);
    expect(verifyAccessToken(token, first, now)).toBe(11);
  });

  it('are refused once expired or when a signature byte is changed', () => {
    const now = Date.UTC(2025, 0, 1);
    const token = signAccessToken(5, first, 60, now);
    expect(verifyAccessToken(token, first, now + 60_000)).toBeNull();
    const signature = token.slice(token.lastIndexOf('.') + 1);
    const altered = `${token.slice(0, token.lastIndexOf('.') + 1)}${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(verifyAccessToken(altered, first, now)).toBeNull();
  });

  it('are refused once expired after being accepted while valid, and accepted again at an earlier time', () => {
    const now = Date.UTC(2025, 0, 2);
    const token = signAccessToken(9, first, 60, now);
    expect(verifyAccessToken(token, first, now)).toBe(9);
    expect(verifyAccessToken(token, first, now + 59_999)).toBe(9);
    expect(verifyAccessToken(token, first, now + 60_000)).toBeNull();
    expect(verifyAccessToken(token, first, now + 1_000)).toBe(9);
  });

  it('refuse a changed token and another secret after the genuine one was accepted', () => {
    const now = Date.UTC(2025, 0, 3);
    const token = signAccessToken(12, first, 600, now);
    expect(verifyAccessToken(token, first, now)).toBe(12);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const otherUser = Buffer.from(JSON.stringify({ ...claims, sub: '13' })).toString('base64url');
    expect(verifyAccessToken(`${header}.${otherUser}.${signature}`, first, now)).toBeNull();
    expect(verifyAccessToken(token, second, now)).toBeNull();
    expect(verifyAccessToken(token, first, now)).toBe(12);
  });

  it('stay valid after the process has verified more tokens than it remembers', () => {
    const now = Date.UTC(2025, 0, 4);
    const token = signAccessToken(21, first, 600, now);
    expect(verifyAccessToken(token, first, now)).toBe(21);
    for (let user = 1; user <= 10_050; user += 1)
      verifyAccessToken(signAccessToken(user, second, 600, now), second, now);
    expect(verifyAccessToken(token, first, now)).toBe(21);
    expect(verifyAccessToken(token, first, now + 600_000)).toBeNull();
  });

  it('are refused when their signature carries anything beyond its exact base64url text', () => {
    const now = Date.UTC(2025, 0, 1);
    const token = signAccessToken(9, first, 600, now);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expect(verifyAccessToken(token, first, now)).toBe(9);
    const last = signature.slice(-1);
    // The same 32 bytes decode from each of these texts; none is the token that was issued.
    const sameBytes = ['B', 'C', 'D'].map(
      (bits) => `${signature.slice(0, -1)}${String.fromCharCode(last.charCodeAt(0) + (bits.charCodeAt(0) - 65))}`,
    );
    for (const forged of [
      `${signature}=`,
      `${signature}==`,
      `${signature.slice(0, 10)}!${signature.slice(10)}`,
      `${signature.slice(0, 10)} ${signature.slice(10)}`,
      `${signature.slice(0, 10)}+${signature.slice(11)}`,
      `${signature}A`,
      ...sameBytes,
    ]) {
      if (forged === signature) continue;
      expect(verifyAccessToken(`${header}.${payload}.${forged}`, first, now)).toBeNull();
    }
  });
});
