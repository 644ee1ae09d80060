import { emailFrom } from './gdpr-erase.cli.js';

describe(emailFrom.name, () => {
  it('takes the one address', () => {
    expect(emailFrom(['jan@example.be'])).toBe('jan@example.be');
  });

  it.each([[[]], [['not-an-address']], [['a@example.be', 'b@example.be']]])('refuses %j with the usage', (args) => {
    expect(() => emailFrom(args)).toThrow('usage: npm run gdpr:erase -- <email>');
  });
});
