import { containsLink } from './no-links.validator.js';

describe(containsLink.name, () => {
  it.each(['kijk op www.immo.be', 'immo.be/te-koop', 'https://evil.example/x', 'go to prize.xyz now', 'mail a@b.com', 'http://1.2.3.4/', 'bit.ly/abc'])(
    'finds a link in "%s"',
    (text) => expect(containsLink(text)).toBe(true),
  );

  it.each([
    'hxxp://evil.example/win',
    'hxxps[:]//evil.example',
    'visit evil[.]com',
    'visit evil(.)com',
    'visit evil [dot] com',
    'visit evil\uff0ecom',
    'visit evil\u3002com',
    'visit ｅｖｉｌ．ｃｏｍ',
    'visit ev\u200bil.com',
    'Visit www.cheap-pills.com now',
  ])('finds an obfuscated link in "%s"', (text) => expect(containsLink(text)).toBe(true));

  it.each(['Jan Peeters', 'J.P. Van den Broeck', 'Marie-Claire (Dot) Dupont', 'Anne [zus]'])('finds none in the name "%s"', (text) => expect(containsLink(text)).toBe(false));

  it.each(['Mooi huis, bel me even!', 'Dit is iets voor jullie. Groetjes, An', 'e.g. the garden', 'Prijs: € 250.000,00', 'Tel. 09 123 45 67'])(
    'finds none in "%s"',
    (text) => expect(containsLink(text)).toBe(false),
  );
});
