import { rateLimitSubject } from './client-address';

describe('rateLimitSubject', () => {
  it('counts IPv6 by its /64, however the address is written', () => {
    expect(rateLimitSubject('2001:db8:aa:bb:1::1')).toBe('2001:db8:aa:bb::/64');
    expect(rateLimitSubject('2001:0DB8:00aa:00bb:ffff:ffff:ffff:fffe')).toBe('2001:db8:aa:bb::/64');
    expect(rateLimitSubject('2001:db8:aa:bc::1')).toBe('2001:db8:aa:bc::/64');
    expect(rateLimitSubject('::1')).toBe('0:0:0:0::/64');
  });

  it('counts IPv4, also mapped into IPv6 by a dual-stack socket, by its full address', () => {
    expect(rateLimitSubject('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitSubject('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitSubject('203.0.113.8')).not.toBe(rateLimitSubject('203.0.113.7'));
  });

  it('leaves what is not an address as it is (the "unknown" peer)', () => {
    expect(rateLimitSubject('unknown')).toBe('unknown');
  });
});
