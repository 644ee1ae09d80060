/** A phone number as a `tel:` link: without the spaces, dots, slashes, parentheses and dashes people write it with. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[\s./()-]+/g, '')}`;
}
