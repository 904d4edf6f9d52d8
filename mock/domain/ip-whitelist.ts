// Decides whether a caller's IP address passes an API key's address whitelist.
//
// Seed trading §5.6: a request from an address that is not whitelisted gives 403. How the
// whitelist is configured is not shown, so doppel's decision: an empty list allows any address;
// entries are single addresses or CIDR ranges, IPv4 or IPv6.

import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Range = [Address, number];

/**
 * True when ip matches an entry of whitelist, or the whitelist is empty. An IPv4-mapped IPv6
 * caller (::ffff:127.0.0.1, which is how a dual-stack socket reports IPv4 peers) matches IPv4
 * entries. A caller IP that does not parse matches nothing. Invalid entries match nothing
 * (the admin API rejects them up front with validateWhitelistEntry).
 */
export function ipAllowed(whitelist: readonly string[], ip: string): boolean {
  if (whitelist.length === 0) return true;
  const caller = parseAddress(ip);
  if (caller === null) return false;
  return whitelist.some((entry) => {
    const range = parseEntry(entry);
    return range !== null && range[0].kind() === caller.kind() && caller.match(range);
  });
}

export type WhitelistEntryCheck = { ok: true; entry: string } | { ok: false; reason: string };

/**
 * Validates one whitelist entry and returns its normal form ("10.0.0.0/8", "2001:db8::/32",
 * "127.0.0.1"). Host bits in a CIDR are cleared: "10.1.2.3/8" becomes "10.0.0.0/8".
 */
export function validateWhitelistEntry(s: string): WhitelistEntryCheck {
  const range = parseEntry(s);
  if (range === null) return { ok: false, reason: `not an IPv4/IPv6 address or CIDR range: ${JSON.stringify(s)}` };
  const [addr, bits] = range;
  const full = addr.kind() === 'ipv4' ? 32 : 128;
  if (bits === full) return { ok: true, entry: addr.toString() };
  const network = addr.kind() === 'ipv4'
    ? ipaddr.IPv4.networkAddressFromCIDR(`${addr.toString()}/${bits}`)
    : ipaddr.IPv6.networkAddressFromCIDR(`${addr.toString()}/${bits}`);
  return { ok: true, entry: `${network.toString()}/${bits}` };
}

// Strict: IPv4 only in four-part decimal ("127.1" and "0x7f.0.0.1" are legal for ipaddr.js but
// surprising in a whitelist). IPv4-mapped IPv6 is folded to IPv4 so both spellings compare.
function parseAddress(s: string): Address | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(s)) return ipaddr.IPv4.parse(s);
  if (!ipaddr.IPv6.isValid(s)) return null;
  const v6 = ipaddr.IPv6.parse(s);
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
}

function parseEntry(s: string): Range | null {
  const slash = s.indexOf('/');
  if (slash === -1) {
    const addr = parseAddress(s);
    return addr === null ? null : [addr, addr.kind() === 'ipv4' ? 32 : 128];
  }
  const bitsText = s.slice(slash + 1);
  if (!/^\d{1,3}$/.test(bitsText)) return null;
  const bits = Number(bitsText);
  const addrText = s.slice(0, slash);
  if (ipaddr.IPv4.isValidFourPartDecimal(addrText)) return bits <= 32 ? [ipaddr.IPv4.parse(addrText), bits] : null;
  if (!ipaddr.IPv6.isValid(addrText) || bits > 128) return null;
  const v6 = ipaddr.IPv6.parse(addrText);
  // ::ffff:10.0.0.0/104 is the IPv4 range 10.0.0.0/8 written in IPv6.
  if (v6.isIPv4MappedAddress() && bits >= 96) return [v6.toIPv4Address(), bits - 96];
  return [v6, bits];
}
