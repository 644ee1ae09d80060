import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: unguessable, and short enough for a link. */
const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function newSubscriptionToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** What is stored instead of the token: a database leak gives no working link. */
export function hashSubscriptionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Anything else is unknown without asking the database. */
export function isWellFormedToken(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}
