// The caller's address behind trusted reverse proxies (`doppel mock --trust-proxy`), for the IP
// whitelist (seed trading §5.6).
import { ipAllowed } from '../domain/ip-whitelist.js';

// The socket's peer, unless it is one of the trusted proxies: then X-Forwarded-For is read from
// its right end (the entry the nearest proxy wrote), skipping entries that are trusted proxies
// themselves, and the first other address is the caller. Entries to the left of it were written
// by whoever sent them and are never believed, so a client cannot pass the whitelist by sending
// the header itself. With every hop trusted, the leftmost entry is the caller (a client on the
// proxy's own machine). `trusted` must not be empty (an empty list would allow every address).
// (Line comments: the package's declarations carry none of this.)
export function clientIpOf(peer: string, forwardedFor: string | undefined, trusted: readonly string[]): string {
  if (forwardedFor === undefined || !ipAllowed(trusted, peer)) return peer;
  const hops = forwardedFor.split(',').map((hop) => hop.trim()).filter((hop) => hop !== '');
  let caller = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    caller = hops[i] as string;
    if (!ipAllowed(trusted, caller)) break;
  }
  return caller;
}
