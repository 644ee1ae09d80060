import { hashSubscriptionToken, isWellFormedToken, newSubscriptionToken } from './subscription-token.js';

describe('subscription tokens', () => {
  it('carries at least 128 random bits and is URL-safe', () => {
    const sut = newSubscriptionToken();
    expect(Buffer.from(sut, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(encodeURIComponent(sut)).toBe(sut);
    expect(newSubscriptionToken()).not.toBe(sut);
  });

  it('is stored as its SHA-256 only', () => {
    const token = newSubscriptionToken();
    expect(hashSubscriptionToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSubscriptionToken(token)).not.toContain(token);
  });

  it('tells a malformed token without a lookup', () => {
    expect(isWellFormedToken(newSubscriptionToken())).toBe(true);
    expect(isWellFormedToken('abc')).toBe(false);
    expect(isWellFormedToken('../../etc/passwd')).toBe(false);
  });
});
