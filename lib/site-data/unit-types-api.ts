import 'server-only';
import { db } from '@/lib/db';
import { unitTypesFromSearchParams } from '@/lib/units/unit-types-api';
import { publicUnitListing } from './readers';

/** GET /api/unit-types: the live unit listing as JSON, answered from the catalogue's copy (./readers.ts). */
export function unitTypesApiAnswer(params: URLSearchParams) {
  return unitTypesFromSearchParams(db, params, new Date(), publicUnitListing);
}
