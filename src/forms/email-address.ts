import { createHash } from 'node:crypto';

/** Providers where dots in the local part do not matter (`j.a.n@gmail.com` is `jan@gmail.com`). */
const DOTS_IGNORED = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address delivers to, as far as limits are concerned: lower case, without a `+tag`
 * (`victim+1@…` reaches `victim@…` at Gmail, Outlook, iCloud, Fastmail, Proton and most hosts), and for Gmail
 * without dots. Only for counting: mails still go to the address as typed. Dots are kept elsewhere, where
 * `j.smith` and `jsmith` can be two people.
 */
export function mailboxOf(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return address.trim().toLowerCase();
  let local = address.slice(0, at).trim().toLowerCase();
  let domain = address.slice(at + 1).trim().toLowerCase().replace(/\.$/, '');
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTS_IGNORED.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** The rate-limit key of an address: its mailbox, hashed (the table keeps no address). */
export function mailboxLimitKey(address: string): string {
  return createHash('sha256').update(mailboxOf(address)).digest('hex');
}

/**
 * An address a mail can really be sent to, beyond what `IsEmail` lets through: a plain dot-atom local part (no
 * quotes, spaces or comments, no leading, trailing or double dot) at a host name with a TLD (no IP literal).
 * What fails here would be thanked for, then fail at SMTP a dozen times.
 */
export const DELIVERABLE_ADDRESS =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}[\p{L}\p{N}-]*[\p{L}\p{N}]$/u;
