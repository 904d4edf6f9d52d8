// Whether the address doppel mock binds keeps it on this machine, which decides whether the admin
// API needs a token (off loopback) and whether the Host rule applies (on it, mock/core/host-check.ts).
import ipaddr from 'ipaddr.js';

/**
 * `localhost` or a loopback address (127.0.0.0/8, ::1). Not a name under `.localhost`: the system's
 * resolver, which node's listen uses, need not keep those on this machine.
 */
export function isLoopbackAddress(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  // The default host, answered without parsing: ipaddr's first parse is ~1 ms of a start's cold code.
  if (bare === '127.0.0.1' || bare.toLowerCase() === 'localhost') return true;
  return ipaddr.isValid(bare) && ipaddr.process(bare).range() === 'loopback';
}
