import { DELIVERABLE_ADDRESS, mailboxLimitKey, mailboxOf } from './email-address.js';

describe(mailboxOf.name, () => {
  it.each([
    ['Victim+1@Example.be', 'victim@example.be'],
    ['victim+promo+x@example.be', 'victim@example.be'],
    ['V.I.C.T.I.M+2@gmail.com', 'victim@gmail.com'],
    ['victim@GoogleMail.com', 'victim@gmail.com'],
    ['j.smith@example.be', 'j.smith@example.be'],
  ])('counts %s as the mailbox %s', (address, mailbox) => expect(mailboxOf(address)).toBe(mailbox));

  it('gives every plus-address of one mailbox one limit key', () => {
    expect(new Set(['victim@example.be', 'victim+1@example.be', 'VICTIM+27@example.be'].map(mailboxLimitKey)).size).toBe(1);
  });
});

describe('DELIVERABLE_ADDRESS', () => {
  it.each(['jan@example.be', 'jan.peeters+immo@example.be', "o'brien@example.ie", 'an@sub.example.co.uk', 'jos@café.be'])('accepts %s', (address) =>
    expect(DELIVERABLE_ADDRESS.test(address)).toBe(true),
  );

  it.each(['"a b"@evil.example', '"jan"@example.be', 'jan@[127.0.0.1]', 'jan@127.0.0.1', 'jan@localhost', 'jan..peeters@example.be', '.jan@example.be', 'jan.@example.be', 'jan peeters@example.be', 'jan@example.', 'jan@-example.be'])(
    'refuses %s',
    (address) => expect(DELIVERABLE_ADDRESS.test(address)).toBe(false),
  );
});
