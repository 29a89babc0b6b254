import 'server-only';
import { todayInBangkok } from '@/lib/dates/bangkok';

/** A CSV download named after the list and the Bangkok day: bookings-2026-11-26.csv. Never cached: customer data. */
export function csvResponse(csv: string, name: string, now = new Date()): Response {
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}-${todayInBangkok(now)}.csv"`,
      'cache-control': 'private, no-store',
    },
  });
}
