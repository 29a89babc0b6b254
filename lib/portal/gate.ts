// What the portal shows of the gate (docs/product-rules.md#lifecycle, #identity-and-gate-access). Pure: used by the
// page and the calendar test; the PIN itself is decrypted only when it is shown (lib/gate/pin.ts, an audited view).

export type PortalGate = { kind: 'none' } | { kind: 'hidden' } | { kind: 'waiting'; for: 'identity' | 'payment' } | { kind: 'shown' };

/**
 * The gate PIN the tenant sees: 'none' before the rental is confirmed, 'waiting' until the site has issued a PIN (the
 * identity check, then the first payment), 'hidden' while the rental is suspended, overlocked or defaulted (paying what
 * is overdue shows it again at once), else 'shown'.
 */
export function portalGate(b: { status: string; delinquency: string; gatePinCipher: string | null; identityVerifiedAt: Date | null }): PortalGate {
  if (b.status !== 'confirmed' && b.status !== 'active') return { kind: 'none' };
  if (!b.gatePinCipher) return { kind: 'waiting', for: b.identityVerifiedAt ? 'payment' : 'identity' };
  if (b.delinquency !== 'current') return { kind: 'hidden' };
  return { kind: 'shown' };
}
