import { describe, expect, it } from 'vitest';
import { clientIpOf } from './client-ip-of.js';

describe('clientIpOf', () => {
  const nginx = ['127.0.0.1'];
  it('believes X-Forwarded-For only from a trusted peer', () => {
    expect(clientIpOf('127.0.0.1', '198.51.100.4', nginx)).toBe('198.51.100.4');
    expect(clientIpOf('192.0.2.1', '198.51.100.4', nginx)).toBe('192.0.2.1');
    expect(clientIpOf('::ffff:127.0.0.1', '198.51.100.4', nginx)).toBe('198.51.100.4');
    expect(clientIpOf('127.0.0.1', undefined, nginx)).toBe('127.0.0.1');
    expect(clientIpOf('127.0.0.1', ' , ', nginx)).toBe('127.0.0.1');
  });

  it('takes the nearest untrusted hop, never what the client wrote before it', () => {
    // A client sent "X-Forwarded-For: 203.0.113.10" and nginx appended its peer ($proxy_add_x_forwarded_for).
    expect(clientIpOf('127.0.0.1', '203.0.113.10, 198.51.100.4', nginx)).toBe('198.51.100.4');
    // Two trusted hops (an outer balancer in 10.0.0.0/8, then nginx).
    expect(clientIpOf('127.0.0.1', '203.0.113.10, 198.51.100.4, 10.1.2.3', ['127.0.0.1', '10.0.0.0/8'])).toBe('198.51.100.4');
    // A client on the proxy's own machine: every hop is trusted, the leftmost is the caller.
    expect(clientIpOf('127.0.0.1', '127.0.0.1', nginx)).toBe('127.0.0.1');
  });
});
