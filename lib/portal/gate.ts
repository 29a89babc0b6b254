// What the portal shows of the gate (docs/product-rules.md#lifecycle). Pure: used by the page and the calendar test.

/**
 * The gate PIN the tenant sees: 'none' before move-in or without a PIN, 'hidden' while the rental is suspended,
 * overlocked or defaulted (paying what is overdue shows it again at once), else the PIN.
 */
export function portalGate(b: { status: string; delinquency: string; heldUnit: { gateCode: string | null } | null }): { kind: 'none' } | { kind: 'hidden' } | { kind: 'shown'; pin: string } {
  if (b.status !== 'active' || !b.heldUnit?.gateCode) return { kind: 'none' };
  if (b.delinquency !== 'current') return { kind: 'hidden' };
  return { kind: 'shown', pin: b.heldUnit.gateCode };
}
