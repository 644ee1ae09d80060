import { registerDecorator, type ValidationOptions } from 'class-validator';
import { LinkifyIt } from 'linkify-it';

// Bare domains count too ("evil.example/win"), with the new generic TLDs spam favours besides the defaults.
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyIP: true }).tlds(['xyz', 'top', 'site', 'online', 'link', 'click', 'app', 'dev', 'live', 'store', 'club', 'vip', 'win', 'icu'], true);

/** Characters that show nothing (zero-width spaces and joiners, soft hyphens): spammers put them inside a domain. */
const INVISIBLE = /[\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff]/g;
/** Full stops of other scripts that NFKC leaves alone (the ideographic and halfwidth ones, one-dot leaders). */
const OTHER_DOTS = /[\u3002\uff61\ufe12\u2024]/g;

/**
 * The text as a reader would type it into a browser: NFKC (full-width letters and dots become ASCII), invisible
 * characters removed, and the usual obfuscations undone (`hxxp://`, `evil[.]com`, `evil(.)com`, `evil[dot]com`,
 * `https[:]//`).
 */
export function deobfuscated(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(OTHER_DOTS, '.')
    .replace(/\s*[[({<]\s*(?:\.|dot|punt|point|punkt)\s*[\])}>]\s*/giu, '.')
    .replace(/\s*[[({<]\s*:\s*[\])}>]\s*/gu, ':')
    .replace(/\bh(?:xx|\*\*|tt)p(s?)(?=:|\[|\(|\/\/)/giu, 'http$1');
}

/**
 * Whether a text holds a link or web address ("example.com", "www.x.be", "https://…"), as linkify-it finds them
 * in the text with its obfuscations undone.
 */
export function containsLink(text: string): boolean {
  return linkify.test(deobfuscated(text));
}

/** A visitor's text that another person receives (a message, a name in a subject) must not carry links: no relay for spam or phishing. */
export function HasNoLinks(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'hasNoLinks',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: { validate: (value: unknown) => typeof value !== 'string' || !containsLink(value) },
    });
}
