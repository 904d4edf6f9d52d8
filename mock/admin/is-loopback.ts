// Whether a bind address keeps the fake on this machine (loopback), which decides if the admin API needs a token.
import ipaddr from 'ipaddr.js';

export function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  if (!ipaddr.isValid(host)) return false;
  const addr = ipaddr.process(host);
  return addr.range() === 'loopback';
}
