import type { LookupOptions } from 'node:dns';
import { checkedLookup, isPublicAddress, PrivateAddressError, type Resolver } from './photo-address.js';

describe(isPublicAddress.name, () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.0.0.8', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.1.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['::1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fd12:3456::1', 'unique-local'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata'],
    ['fd00:ec2::254', 'AWS IPv6 metadata (unique-local)'],
    ['2002:7f00:1::', '6to4 of 127.0.0.1'],
    ['not-an-ip', 'not an address'],
  ])('%s (%s) is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([['93.184.215.14'], ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'], ['::ffff:93.184.215.14']])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe(checkedLookup.name, () => {
  const lookup = (resolver: Resolver, options: LookupOptions) =>
    new Promise<{ error: Error | null; address: unknown }>((resolve) =>
      checkedLookup(resolver)('photos.agency.example', options, (error: Error | null, address: unknown) => resolve({ error, address })),
    );

  it('hands the socket the very address it checked, resolving once (no second answer for a rebinding name)', async () => {
    let asked = 0;
    const answers = ['93.184.215.14', '127.0.0.1'];
    const resolver: Resolver = async () => [{ address: answers[asked++]!, family: 4 }];
    expect(await lookup(resolver, { family: 0 })).toEqual({ error: null, address: '93.184.215.14' });
    expect(await lookup(async () => [{ address: '93.184.215.14', family: 4 }], { all: true })).toEqual({ error: null, address: [{ address: '93.184.215.14', family: 4 }] });
    expect(asked).toBe(1);
  });

  it('refuses the name when any answer is private', async () => {
    const { error } = await lookup(async () => [{ address: '10.0.0.1', family: 4 }], {});
    expect(error).toBeInstanceOf(PrivateAddressError);
  });
});
