// What counts as this machine: for the address doppel mock binds (which decides whether the admin
// API needs a token) and for the Host header a request names (mock/core/host-check.ts).
import ipaddr from 'ipaddr.js';

/** A bind address that keeps the fake on this machine: `localhost` or a loopback address (127.0.0.0/8, ::1). */
export function isLoopbackAddress(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (bare.toLowerCase() === 'localhost') return true;
  return ipaddr.isValid(bare) && ipaddr.process(bare).range() === 'loopback';
}

const LOCALHOST_SUBDOMAIN = /^(?:[a-z0-9-]+\.)+localhost$/;

/**
 * A host name (no port) that only ever names this machine: a loopback address, `localhost`, or a
 * name under `.localhost`, which browsers resolve to loopback themselves (never through DNS, so a
 * rebinding attacker cannot own one). Compared case-insensitively, a trailing dot ignored.
 */
export function isLoopbackHostName(name: string): boolean {
  const host = name.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || LOCALHOST_SUBDOMAIN.test(host) || isLoopbackAddress(host);
}
