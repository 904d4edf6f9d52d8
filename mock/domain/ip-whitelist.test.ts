import { describe, expect, it } from 'vitest';
import { ipAllowed, validateWhitelistEntry } from './ip-whitelist.js';

describe('ipAllowed', () => {
  it('allows anyone when the list is empty, even an unparsable caller', () => {
    expect(ipAllowed([], '203.0.113.9')).toBe(true);
    expect(ipAllowed([], 'garbage')).toBe(true);
  });

  it.each([
    [['127.0.0.1'], '127.0.0.1', true],
    [['127.0.0.1'], '127.0.0.2', false],
    [['10.0.0.0/8'], '10.200.3.4', true],
    [['10.0.0.0/8'], '11.0.0.1', false],
    [['0.0.0.0/0'], '8.8.8.8', true],
    [['192.168.1.0/24', '2001:db8::/32'], '2001:db8:1::5', true],
    [['2001:db8::/32'], '2001:db9::1', false],
    [['::1'], '::1', true],
    [['::1'], '0:0:0:0:0:0:0:1', true],
    [['127.0.0.1'], '::ffff:127.0.0.1', true], // IPv4 peer on a dual-stack socket
    [['10.0.0.0/8'], '::ffff:10.1.2.3', true],
    [['::ffff:10.0.0.0/104'], '10.9.9.9', true],
    [['::ffff:127.0.0.1'], '127.0.0.1', true],
    [['127.0.0.1'], '::1', false], // different families never match
    [['::/0'], '127.0.0.1', false],
    [['127.0.0.1'], 'garbage', false],
    [['127.0.0.1'], '', false],
    [['127.0.0.1'], '127.1', false],
    [['not-an-ip', '127.0.0.1'], '127.0.0.1', true], // a bad entry matches nothing, others still do
  ] as const)('%j, %j → %s', (list, ip, expected) => {
    expect(ipAllowed([...list], ip)).toBe(expected);
  });
});

describe('validateWhitelistEntry', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['10.1.2.3/8', '10.0.0.0/8'],
    ['2001:DB8::1', '2001:db8::1'],
    ['2001:db8::1/32', '2001:db8::/32'],
    ['0.0.0.0/0', '0.0.0.0/0'],
  ])('accepts %j as %j', (input, entry) => {
    expect(validateWhitelistEntry(input)).toEqual({ ok: true, entry });
  });

  it.each(['', ' 127.0.0.1', '127.1', '256.0.0.1', '10.0.0.0/33', '10.0.0.0/', '10.0.0.0/x', '::1/129', 'localhost', '1.2.3.4/08a'])(
    'rejects %j',
    (input) => {
      const check = validateWhitelistEntry(input);
      expect(check.ok).toBe(false);
    },
  );
});
