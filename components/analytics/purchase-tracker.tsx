'use client';

import { useEffect } from 'react';
import { track } from '@/lib/analytics/track';

/** Reports a completed booking once per reference, however often the success page is reloaded. */
export function PurchaseTracker({ reference, valueBaht, paymentMethod }: { reference: string; valueBaht: number; paymentMethod: string }) {
  useEffect(() => {
    const key = `purchase-tracked:${reference}`;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, '1');
    } catch {
      // Storage blocked: report anyway; a duplicate is better than a lost sale.
    }
    track('purchase', { transaction_id: reference, value: valueBaht, currency: 'THB', payment_type: paymentMethod });
  }, [reference, valueBaht, paymentMethod]);
  return null;
}
