import { z } from 'zod';
import { bahtToSatang } from '@/lib/pricing';

/**
 * Baht as staff type them ('1,250' or '1250.50') → satang, for every admin form that takes an amount: the one
 * conversion of lib/pricing (bahtToSatang), so typed decimals round as written.
 */
export const typedBaht = z
  .string()
  .trim()
  .regex(/^\d{1,7}(,\d{3})*(\.\d{1,2})?$|^\d{1,9}(\.\d{1,2})?$/)
  .transform((v) => bahtToSatang(Number(v.replace(/,/g, ''))));
