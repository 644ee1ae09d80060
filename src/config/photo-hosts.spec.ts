import { DEFAULT_PHOTO_HOSTS, PhotoHosts } from './photo-hosts.js';

const hosts = (value: string) => PhotoHosts.parse(value)!;
const href = (list: PhotoHosts, url: string) => list.canonical(url)?.href ?? null;

describe(PhotoHosts.name, () => {
  const sut = hosts('files.zabun.be,*.whise.eu,http://127.0.0.1:8080');

  it('parses the defaults', () => {
    expect(PhotoHosts.parse(DEFAULT_PHOTO_HOSTS)).not.toBeNull();
  });

  it.each([
    ['a host name on the list', 'https://files.zabun.be/upload/3489/images/abc.jpg'],
    ['a subdomain of a wildcard entry', 'https://r2.whise.eu/pictures/1/2.jpg'],
    ['a deeper subdomain of a wildcard entry', 'https://a.b.whise.eu/2.jpg'],
    ['an explicit origin entry (IP literal, http, port)', 'http://127.0.0.1:8080/photo.jpg'],
  ])('allows %s', (_, url) => {
    expect(href(sut, url)).toBe(url);
  });

  it('upgrades http to https on a listed host name', () => {
    expect(href(sut, 'http://files.zabun.be/upload/1/images/a.jpg')).toBe('https://files.zabun.be/upload/1/images/a.jpg');
  });

  it.each([
    ['a foreign host', 'https://evil.example/a.jpg'],
    ['a host that only ends like a listed one', 'https://notfiles.zabun.be/a.jpg'],
    ['a domain that only ends like a wildcard entry', 'https://evilwhise.eu/a.jpg'],
    ['a listed name as a suffix of another domain', 'https://files.zabun.be.evil.example/a.jpg'],
    ['the bare domain of a wildcard entry', 'https://whise.eu/a.jpg'],
    ['user info before a listed host', 'https://user:pw@files.zabun.be/a.jpg'],
    ['a user name alone', 'https://evil.example@files.zabun.be/a.jpg'],
    ['a listed host on another port', 'https://files.zabun.be:8443/a.jpg'],
    ['an IPv4 literal', 'https://10.0.0.1/a.jpg'],
    ['an IPv4 literal in another spelling', 'https://0x7f.1/a.jpg'],
    ['an IPv6 literal', 'https://[::1]/a.jpg'],
    ['localhost', 'https://localhost/a.jpg'],
    ['an explicit origin on another port', 'http://127.0.0.1:8081/a.jpg'],
    ['an explicit origin over another scheme', 'https://127.0.0.1:8080/a.jpg'],
    ['a file URL', 'file:///etc/passwd'],
    ['a data URL', 'data:image/png;base64,AAAA'],
    ['a javascript URL', 'javascript:alert(1)'],
    ['a relative URL', '/upload/a.jpg'],
  ])('refuses %s', (_, url) => {
    expect(href(sut, url)).toBeNull();
  });

  it('allows() checks a URL as it is: no upgrade, no fragment', () => {
    expect(sut.allows(new URL('https://files.zabun.be/a.jpg'))).toBe(true);
    expect(sut.allows(new URL('http://files.zabun.be/a.jpg'))).toBe(false);
    expect(sut.allows(new URL('https://files.zabun.be/a.jpg#x'))).toBe(false);
  });

  it.each([
    ['a bare top-level wildcard', '*.eu'],
    ['a single-label name', 'localhost'],
    ['an IP address without a scheme', '127.0.0.1'],
    ['an origin with a path', 'https://files.zabun.be/upload'],
    ['an origin with user info', 'https://u@files.zabun.be'],
    ['a URL pattern', 'files.zabun.be/*'],
    ['a wildcard in the middle', 'files.*.be'],
  ])('refuses %s as an entry', (_, entry) => {
    expect(PhotoHosts.parse(`files.zabun.be,${entry}`)).toBeNull();
  });

  it('accepts an empty list (no CRM photos at all)', () => {
    expect(href(hosts(''), 'https://files.zabun.be/a.jpg')).toBeNull();
  });
});
