import net from 'node:net';

/**
 * The network an address belongs to, as limits count it (docs/product-rules.md#holds, "Per network"): an IPv4 address
 * is itself (a home or a hotel has one); an IPv6 address counts as its /64, because every home connection gets a whole
 * /64 and can take a fresh address from it at will. An IPv4 address written as IPv6 (::ffff:203.0.113.5, what a
 * dual-stack socket reports) is the IPv4 address. Anything else (no address, 'unknown') is returned as it is.
 */
export function networkOf(address: string): string {
  const a = address.trim().toLowerCase().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^(?:0{0,4}:){0,5}(?:0{0,4}:)?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(a) ?? /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(a);
  if (mapped && net.isIPv4(mapped[1])) return mapped[1];
  if (net.isIPv4(a)) return a;
  if (!net.isIPv6(a)) return address;
  return `${expandIPv6(a).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, each as a number in hex without leading zeros. */
function expandIPv6(a: string): string[] {
  let text = a;
  // A trailing embedded IPv4 (::1.2.3.4) is two groups.
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4) {
    const [p, q, r, s] = v4[1].split('.').map(Number);
    text = text.slice(0, -v4[1].length) + `${((p << 8) | q).toString(16)}:${((r << 8) | s).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((g) => parseInt(g || '0', 16).toString(16));
}
