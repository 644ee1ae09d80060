import { registerDecorator, type ValidationOptions } from 'class-validator';
import { LinkifyIt } from 'linkify-it';

// Bare domains count too ("evil.example/win"), with the new generic TLDs spam favours besides the defaults.
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyIP: true }).tlds(['xyz', 'top', 'site', 'online', 'link', 'click', 'app', 'dev', 'live', 'store', 'club', 'vip', 'win', 'icu'], true);

/** Whether a text holds a link or web address ("example.com", "www.x.be", "https://…"), as linkify-it finds them. */
export function containsLink(text: string): boolean {
  return linkify.test(text);
}

/** A visitor's message that another person receives must not carry links (no relay for spam or phishing). */
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
