import { describe, expect, it } from 'vitest';
import { networkOf } from './network';

describe('networkOf: what the limits count as one network', () => {
  it('an IPv6 /64 is one network, however its addresses are written', () => {
    const home = ['2001:db8:1:2::1', '2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:0db8:0001:0002:0:0:0:9', '[2001:db8:1:2::ffff]', '2001:DB8:1:2::7%eth0'];
    expect(new Set(home.map(networkOf))).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(networkOf('2001:db8:1:3::1')).not.toBe(networkOf('2001:db8:1:2::1'));
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
  });

  it('IPv4 counts per address, also when a dual-stack socket reports it as IPv6', () => {
    expect(networkOf('203.0.113.5')).toBe('203.0.113.5');
    expect(networkOf('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(networkOf('203.0.113.6')).not.toBe(networkOf('203.0.113.5'));
  });

  it('leaves anything that is not an address as it is', () => {
    expect(networkOf('unknown')).toBe('unknown');
    expect(networkOf('staff:abc')).toBe('staff:abc');
  });
});
