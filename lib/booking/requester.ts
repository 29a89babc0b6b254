import 'server-only';
import { keyedHash } from '@/lib/security/keyed-hash';
import { networkOf } from '@/lib/rate-limit/network';
import type { Requester } from './reserve';

/**
 * Who is booking, as the hold limits count them (docs/product-rules.md#holds): the device cookie's hash and the
 * NETWORK's hash, an IPv6 /64 being one network (lib/rate-limit/network.ts): a home connection can take a fresh
 * address from its /64 for every booking. The address itself is kept with the signature.
 */
export function requesterFor(r: { address: string | null; userAgent: string | null; deviceKey: string | null; emailVerified?: boolean }): Requester {
  const known = Boolean(r.address && r.address !== 'unknown');
  return {
    deviceKey: r.deviceKey,
    clientKey: known ? keyedHash('address', networkOf(r.address!)) : null,
    ip: known ? r.address : null,
    userAgent: r.userAgent,
    emailVerified: r.emailVerified ?? false,
  };
}
