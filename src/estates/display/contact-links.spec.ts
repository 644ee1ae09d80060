import { telHref } from './contact-links.js';

describe(telHref.name, () => {
  it('drops the spaces, dots, slashes, parentheses and dashes a number is written with', () => {
    expect(telHref('09 (123).45/67-89')).toBe('tel:09123456789');
  });

  it('keeps the international prefix', () => {
    expect(telHref('+32 9 123 45 67')).toBe('tel:+3291234567');
  });
});
