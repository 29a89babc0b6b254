/**
 * `npm run bench:scale` (also the last part of `npm run bench`): the operator side at the size of a grown business
 * (issue 23, "Scale"). For a throwaway PostgreSQL database (TEST_DATABASE_URL: a database of its own, dropped after
 * unless KEEP=1) and the embedded PGlite (a temporary folder; BENCH_SCALE_PGLITE=0 skips it) it:
 *
 * 1. migrates and seeds, then writes a deterministic data set (seeded PRNG, multi-row INSERT … SELECT FROM unnest:
 *    seconds): 50,000 bookings in a realistic mix of states (active, confirmed, on hold, ended, cancelled, lapsed;
 *    overdue rentals suspended, overlocked or in default with their fees), 5,000 units, ~200,000 invoices with their
 *    lines and payments, customers with Thai and Latin names, the emails already sent, 150,000 audit rows. Exactly
 *    BENCH_RENEWALS (2,000) running rentals have their next renewal invoice due to be issued today; everything else is
 *    invoiced up to date, as if the billing job had run every day.
 * 2. times the admin readers exactly as the pages call them (lib/admin/*, the same arguments parsed from the same
 *    address-bar values by the same zod schemas, plus what the admin layout reads for its badge): the dashboard, the
 *    bookings search (name, Thai name, phone, reference), the invoice list and the audit log; p95 of BENCH_SCALE_RUNS.
 *    In-process rather than over HTTP: the page around a reader renders 25 or 50 rows whatever the table size, so
 *    what grows with the business is the reader; this needs no build and no signed-in (two-factor) session.
 * 3. runs the billing job (lib/billing/run.ts, no card network: stripe null) for today, then again, and checks that
 *    the first issued exactly BENCH_RENEWALS renewal invoices and the second changed no count.
 * 4. books BENCH_SCALE_SUBMITS units, 50 at once, through lib/booking createBooking (what the wizard's server action
 *    calls) and checks that no unit was booked twice.
 *
 * Writes bench/scale.md and replaces the "## Scale" section of bench/latest.md. BENCH_SCALE (default 1) scales the
 * data set (0.1 for a quick try). Exits 1 when a budget is missed or a count is wrong.
 */
import './server-only-shim.mjs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const N = {
  bookings: Math.round(50_000 * SCALE),
  units: Math.round(5_000 * SCALE),
  customers: Math.round(40_000 * SCALE),
  audit: Math.round(150_000 * SCALE),
  renewToday: Math.round(Number(process.env.BENCH_RENEWALS ?? 2_000) * SCALE),
};
const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 30);
const SUBMITS = Number(process.env.BENCH_SCALE_SUBMITS ?? 300);
/** BENCH_SCALE_ONLY=billing: the data set and the billing job alone (no readers, no submits); prints, writes no file. */
const ONLY_BILLING = process.env.BENCH_SCALE_ONLY === 'billing';
const SUBMIT_CONCURRENCY = 50;
// Re-timing without rebuilding: BENCH_SCALE_REUSE=1 keeps the PostgreSQL database a KEEP=1 run left (migrations still
// deployed, so a new index is timed; no seed, no data set); BENCH_SCALE_READERS_ONLY=1 times the readers only (no billing
// job, no submits: the kept data set stays as built) and writes no bench/*.md (a partial run is not a result).
const REUSE = process.env.BENCH_SCALE_REUSE === '1';
const READERS_ONLY = process.env.BENCH_SCALE_READERS_ONLY === '1';
const BUDGET = { readerP95: 300, billingFirst: 60_000, billingSecond: 10_000, submitP99: 150 };

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-bench-scale-'));
process.env.EMAIL_OUTBOX_DIR = path.join(tmp, 'outbox');
process.env.UPLOAD_DIR ??= path.join(tmp, 'uploads');
process.env.LOG_LEVEL ??= 'warn';
process.env.CHECKPOINT_DISABLE = '1';

// ---------------------------------------------------------------------------------------------------------------
// Deterministic data

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const THAI_FIRST = ['สมชาย', 'สมหญิง', 'ประเสริฐ', 'วิไล', 'สุภาพ', 'อรุณ', 'กมล', 'ณัฐพล', 'ธนพร', 'พิมพ์ชนก', 'ศิริพร', 'อนุชา', 'ชัยวัฒน์', 'นภัสสร', 'ปิยะ', 'วรวุฒิ'];
const THAI_LAST = ['ใจดี', 'รักไทย', 'ศรีสุข', 'มั่นคง', 'แก้วมณี', 'ทองดี', 'บุญมา', 'สุขสวัสดิ์', 'วงศ์ใหญ่', 'เพชรรัตน์', 'ชัยมงคล', 'พรหมมา'];
const THAI_LATIN = ['somchai', 'somying', 'prasert', 'wilai', 'suphap', 'arun', 'kamol', 'nattapon', 'thanaporn', 'pimchanok', 'siriporn', 'anucha', 'chaiwat', 'napatsorn', 'piya', 'worawut'];
const LATIN_FIRST = ['James', 'Emma', 'Oliver', 'Sophie', 'Lukas', 'Anna', 'Ivan', 'Olga', 'Dmitry', 'Elena', 'Pierre', 'Chloé', 'Jürgen', 'Mia', 'Noah', 'Ava', 'Sergei', 'Natalia', 'Marco', 'Giulia'];
const LATIN_LAST = ['Smith', 'Johnson', 'Müller', 'Schmidt', 'Ivanov', 'Petrova', 'Smirnov', 'Kuznetsova', 'Dubois', 'Martin', 'Rossi', 'Bianchi', 'Brown', 'Wilson', 'Andersson', 'Nielsen', "O'Brien", 'García', 'Kowalski', 'Novak'];
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** BF2- and 8 Crockford characters, unique per index (an odd multiplier is a bijection mod 2^40). */
function reference(i: number): string {
  let n = (BigInt(i) * 1_099_511_627_791n + 987_654_321n) % (1n << 40n);
  let s = '';
  for (let k = 0; k < 8; k++) {
    s = CROCKFORD[Number(n & 31n)] + s;
    n >>= 5n;
  }
  return `BF2-${s}`;
}

type Row = Record<string, unknown>;
type Query = (sql: string, params?: unknown[]) => Promise<{ rows: Row[] }>;

/** One multi-row INSERT … SELECT FROM unnest(arrays) per chunk: one round trip for thousands of rows. */
async function insertRows(q: Query, table: string, columns: [name: string, type: string][], rows: unknown[][], chunk = 5_000) {
  for (let off = 0; off < rows.length; off += chunk) {
    const part = rows.slice(off, off + chunk);
    const arrays = columns.map((_, c) => part.map((r) => (r[c] === undefined ? null : r[c])));
    const base = (t: string) => (['jsonb', 'date', 'timestamp'].includes(t) ? 'text' : t.startsWith('"') ? 'text' : t);
    const unnest = columns.map(([, t], c) => `$${c + 1}::${base(t)}[]`).join(', ');
    const select = columns.map(([n, t]) => (base(t) === t ? `"${n}"` : `"${n}"::${t}`)).join(', ');
    await q(`INSERT INTO ${table} (${columns.map(([n]) => `"${n}"`).join(', ')}) SELECT ${select} FROM unnest(${unnest}) AS x(${columns.map(([n]) => `"${n}"`).join(', ')})`, arrays);
  }
}

interface Calendar {
  addDaysISO: (iso: string, d: number) => string;
  addMonthsISO: (iso: string, m: number) => string;
  renewalPeriod: (start: string, months: number, index: number) => { index: number; start: string; end: string; issueOn: string };
  periodsToIssue: (start: string, months: number, today: string, max?: number) => { index: number; start: string; end: string; issueOn: string }[];
}

interface DatasetFacts {
  counts: Record<string, number>;
  searchName: string;
  searchThai: string;
  searchPhone: string;
  searchRef: string;
  seconds: number;
}

/** Writes the data set into a migrated, seeded database. `today` is the Bangkok date the billing job runs for. */
async function makeDataset(q: Query, cal: Calendar, today: string, now: Date): Promise<DatasetFacts> {
  const t0 = Date.now();
  const rnd = mulberry32(2311);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const at = (iso: string, hour = 9) => new Date(`${iso}T${String(hour).padStart(2, '0')}:00:00+07:00`);
  const ts = (d: Date) => d.toISOString().replace('T', ' ').replace('Z', '');
  const bkk = (iso: string) => new Date(`${iso}T00:00:00+07:00`);

  const types = (await q(`SELECT id, code, base_rate FROM unit_types WHERE is_active ORDER BY display_order, size_rank`)).rows as { id: string; code: string; base_rate: number }[];
  const seededUnits = Number((await q(`SELECT count(*)::int AS n FROM units`)).rows[0].n);
  const { rows: [agreement] } = await q(`SELECT id FROM legal_documents WHERE type = 'rental_agreement' AND locale = 'en' AND is_active ORDER BY version DESC LIMIT 1`);

  // Units: the seeded ones stay (available); the rest up to N.units are the bench's.
  const units: { id: string; number: string; typeIdx: number; status: string; booking: string | null }[] = [];
  for (let i = 0; units.length < N.units - seededUnits; i++) {
    const typeIdx = i % types.length;
    units.push({ id: `bsu${i}`, number: `${types[typeIdx].code.toUpperCase()}-B${String(i + 1).padStart(5, '0')}`, typeIdx, status: 'available', booking: null });
  }

  // Customers: a third Thai (Thai script, Thai locale), the others Latin names in English or Russian.
  const customers: unknown[][] = [];
  const custMeta: { business: boolean; locale: string }[] = [];
  for (let i = 0; i < N.customers; i++) {
    const thai = rnd() < 0.35;
    const fi = Math.floor(rnd() * (thai ? THAI_FIRST.length : LATIN_FIRST.length));
    const first = thai ? THAI_FIRST[fi] : LATIN_FIRST[fi];
    const last = thai ? pick(THAI_LAST) : pick(LATIN_LAST);
    const business = rnd() < 0.1;
    const locale = thai ? 'th' : rnd() < 0.35 ? 'ru' : 'en';
    const slug = (thai ? THAI_LATIN[fi] : first.toLowerCase().normalize('NFD').replace(/[^a-z]/g, '')) + `.${i}`;
    const phone = locale === 'ru' ? `+7 9${int(10, 99)} ${int(100, 999)} ${int(10, 99)} ${int(10, 99)}` : `+66 8${int(1, 9)} ${int(100, 999)} ${String(i).padStart(4, '0').slice(-4)}`;
    const created = ts(at(cal.addDaysISO(today, -int(60, 1500))));
    customers.push([`bsc${i}`, business ? 'business' : 'individual', first, last, `${slug}@example.com`, phone, `${int(1, 300)} Moo ${int(1, 12)}, Phuket`, business ? `${last} Trading Co., Ltd.` : null, business ? String(1_000_000_000_000 + i) : null, business ? '00000' : null, locale, created, created]);
    custMeta.push({ business, locale });
  }

  // Bookings: the running ones hold a unit each; the rest are history.
  const running = Math.min(Math.round(N.units * 0.9), units.length);
  const nReserved = Math.round(running * 0.035);
  const nConfirmed = Math.round(running * 0.055);
  const nActive = running - nReserved - nConfirmed;
  const nOverdue = Math.round(nActive * 0.07);
  const nEnded = Math.round((N.bookings - running) * 0.66);
  const nCancelled = Math.round((N.bookings - running) * 0.13);
  const TERMS: [term: string, months: number][] = [['m2m', 1], ['3m', 3], ['6m', 6], ['12m', 12]];
  const METHODS = ['card', 'promptpay', 'bank_transfer', 'cash', 'crypto', 'card', 'promptpay', 'bank_transfer'];

  const bookings: unknown[][] = [];
  const invoices: unknown[][] = [];
  const lines: unknown[][] = [];
  const payments: unknown[][] = [];
  const emails: unknown[][] = [];
  const unitIdx = units.map((_, i) => i);
  for (let i = unitIdx.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [unitIdx[i], unitIdx[j]] = [unitIdx[j], unitIdx[i]];
  }
  let renewTodayLeft = N.renewToday;

  interface Inv { id: string; bookingId: string; kind: string; status: string; issued: Date; due: Date | null; periodStart: string | null; periodEnd: string | null; total: number; dedupe: string | null; paidAt: Date | null; method: string; rent: number; withholding: number; insurance: number; locale: string }
  const invs: Inv[] = [];
  let invSeq = 0;
  const addInvoice = (i: Omit<Inv, 'id'>) => {
    const inv = { ...i, id: `bsi${invSeq++}` };
    invs.push(inv);
    return inv;
  };

  for (let b = 0; b < N.bookings; b++) {
    const id = `bsb${b}`;
    const cust = b < N.customers ? b : int(0, N.customers - 1);
    const { business, locale } = custMeta[cust];
    const [term, months] = pick(TERMS);
    const method = pick(METHODS);
    let status: string;
    let unitI: number;
    if (b < running) {
      unitI = unitIdx[b];
      status = b < nReserved ? 'reserved' : b < nReserved + nConfirmed ? 'confirmed' : 'active';
    } else {
      unitI = int(0, units.length - 1);
      const h = b - running;
      status = h < nEnded ? 'ended' : h < nEnded + nCancelled ? 'cancelled' : 'expired';
    }
    const unit = units[unitI];
    const type = types[unit.typeIdx];
    const rate = type.base_rate;
    const insurance = rnd() < 0.4 ? pick([9900, 19900, 29900]) : 0;
    const overdueDays = status === 'active' && b >= running - nOverdue ? int(3, 95) : 0;
    let start: string;
    let endISO: string | null = null;
    let renewsToday = false;
    if (status === 'reserved' || status === 'confirmed') start = cal.addDaysISO(today, int(1, 14));
    else if (status === 'active') {
      if (renewTodayLeft > 0 && !overdueDays) {
        // A rental whose next period's invoice is issued today: its billing date is today + INVOICE_LEAD_DAYS.
        const billingDay = cal.addDaysISO(today, 7);
        for (;;) {
          const k = int(0, 30);
          const s = cal.addMonthsISO(billingDay, -(months + k));
          if (s < today && cal.renewalPeriod(s, months, k).issueOn === today) {
            start = s;
            break;
          }
        }
        renewsToday = true;
        renewTodayLeft--;
      } else {
        // Any start in the last three years whose invoices are all issued by today (none due today).
        for (;;) {
          const s = cal.addDaysISO(today, -int(overdueDays ? months * 31 + overdueDays + 10 : 20, 1100));
          const ps = cal.periodsToIssue(s, months, today, 1200);
          if (!ps.length || ps[ps.length - 1].issueOn !== today) {
            start = s;
            break;
          }
        }
      }
    } else {
      start = cal.addDaysISO(today, -int(60, 1460));
      if (status === 'ended') {
        const extra = int(0, 6);
        endISO = cal.addMonthsISO(start, months + extra);
        if (endISO >= today) endISO = cal.addDaysISO(today, -int(1, 20));
      }
    }
    const created = at(cal.addDaysISO(start!, -int(1, 10)), 8 + int(0, 10));
    const initialTotal = rate * months + insurance * months;
    const running_ = status === 'active' || status === 'confirmed' || status === 'reserved';
    if (running_) {
      unit.status = status === 'active' ? 'occupied' : 'reserved';
      unit.booking = id;
    }

    // The initial invoice, paid unless the booking is on hold, lapsed or cancelled before paying.
    const initialPaid = status !== 'reserved' && status !== 'expired' && !(status === 'cancelled' && rnd() < 0.5);
    addInvoice({
      bookingId: id, kind: 'initial', status: initialPaid ? 'paid' : status === 'reserved' ? 'open' : 'void', issued: created, due: created, periodStart: null, periodEnd: null,
      total: initialTotal, dedupe: null, paidAt: initialPaid ? new Date(created.getTime() + 3600_000) : null, method, rent: rate * months, withholding: 0, insurance: insurance * months, locale,
    });

    // Renewals: every period issued by today (active) or before the end (ended).
    let oldestOpenDue: string | null = null;
    let delinquency = 'current';
    if (status === 'active' || status === 'ended') {
      const last = status === 'ended' ? cal.addDaysISO(endISO!, -1) : today;
      let periods = cal.periodsToIssue(start!, months, last, 1200).filter((p) => (status === 'active' ? !(renewsToday && p.issueOn === today) : p.start < endISO!));
      // In default (the oldest unpaid billing date 60+ days ago): renewals stopped with the default.
      const firstUnpaid = overdueDays ? periods.find((p) => p.start >= cal.addDaysISO(today, -overdueDays) && p.start <= today)?.start : undefined;
      if (firstUnpaid && cal.addDaysISO(firstUnpaid, 60) <= today) periods = periods.filter((p) => p.issueOn <= cal.addDaysISO(firstUnpaid, 60));
      for (const p of periods) {
        const due = bkk(p.start);
        const withholding = business ? Math.round((rate * 3) / 107) : 0;
        const total = rate - withholding + insurance;
        const unpaidOverdue = overdueDays > 0 && p.start >= cal.addDaysISO(today, -overdueDays);
        const paid = !unpaidOverdue && (p.start < today ? true : rnd() < 0.3);
        if (!paid && p.start <= today && (!oldestOpenDue || p.start < oldestOpenDue)) oldestOpenDue = p.start;
        const inv = addInvoice({
          bookingId: id, kind: 'renewal', status: paid ? 'paid' : 'open', issued: at(p.issueOn, 2), due, periodStart: p.start, periodEnd: p.end, total, dedupe: `renewal:${id}:${p.start}`,
          paidAt: paid ? new Date(Math.min(due.getTime() + int(-5, 3) * 86_400_000 + 36_000_000, now.getTime() - 3600_000)) : null, method, rent: rate, withholding, insurance, locale,
        });
        if (!paid) {
          // Emailed when issued; reminded three days before the due date if paying by hand.
          emails.push([`bse-i-${inv.id}`, `invoice_issued:${inv.id}`, 'invoice_issued', locale, `bench+${b}@example.com`, 'Invoice', '<p>Invoice</p>', 'Invoice', id, 'sent', 1, ts(inv.issued), ts(inv.issued)]);
          if (today >= cal.addDaysISO(p.start, -3)) emails.push([`bse-r-${inv.id}`, `invoice_reminder:${inv.id}`, 'invoice_reminder', locale, `bench+${b}@example.com`, 'Reminder', '<p>Reminder</p>', 'Reminder', id, 'sent', 1, ts(inv.issued), ts(inv.issued)]);
        }
        // Fees the billing job already charged on the unpaid ones (late after 10 days, overlock at 30 on the oldest).
        const daysLate = Math.round((bkk(today).getTime() - due.getTime()) / 86_400_000);
        if (!paid && daysLate > 10) {
          addInvoice({ bookingId: id, kind: 'fee', status: 'open', issued: at(cal.addDaysISO(p.start, 11)), due: bkk(cal.addDaysISO(p.start, 11)), periodStart: null, periodEnd: null, total: Math.round(rate / 10), dedupe: `late_fee:${inv.id}`, paidAt: null, method, rent: 0, withholding: 0, insurance: 0, locale });
        }
        if (!paid && p.start === oldestOpenDue && daysLate >= 30) {
          addInvoice({ bookingId: id, kind: 'fee', status: 'open', issued: at(cal.addDaysISO(p.start, 30)), due: bkk(cal.addDaysISO(p.start, 30)), periodStart: null, periodEnd: null, total: 25_000, dedupe: `overlock_fee:${inv.id}`, paidAt: null, method, rent: 0, withholding: 0, insurance: 0, locale });
        }
      }
      if (oldestOpenDue) {
        const d = Math.round((bkk(today).getTime() - bkk(oldestOpenDue).getTime()) / 86_400_000);
        delinquency = d >= 60 ? 'defaulted' : d >= 30 ? 'overlocked' : d > 10 ? 'suspended' : 'current';
      }
    }
    const paymentStatus = status === 'reserved' ? 'pending_arrival' : status === 'expired' ? 'expired' : initialPaid ? 'paid' : 'cancelled';
    const days = (d: number) => (oldestOpenDue ? ts(at(cal.addDaysISO(oldestOpenDue, d))) : null);
    bookings.push([
      id, reference(b), `bench-scale-${b}`, `bsc${cust}`, type.id, unit.id, status, status === 'reserved' ? 'cash' : method, paymentStatus, business ? 'business' : 'individual',
      start!, term, months, rate, rate, insurance, '{"bench":true}', initialTotal,
      status === 'reserved' ? ts(new Date(now.getTime() + int(20, 40) * 3600_000)) : null, status === 'reserved' ? ts(created) : null,
      locale, business, 'Bench Customer', ts(created), 'Rental agreement (bench)', agreement.id,
      status === 'active' || status === 'confirmed' || status === 'ended' ? ts(created) : null,
      status === 'cancelled' ? ts(new Date(created.getTime() + 86_400_000)) : null,
      status === 'active' || status === 'ended' ? ts(at(start!, 10)) : null,
      endISO, endISO ? ts(at(endISO, 12)) : null,
      delinquency, delinquency !== 'current' ? days(11) : null, delinquency === 'overlocked' || delinquency === 'defaulted' ? days(30) : null, delinquency === 'defaulted' ? days(60) : null,
      ts(created), ts(created),
    ]);
  }

  // Invoice numbers: gapless per Bangkok year in issue order, as lib/invoices numbers them; the counters follow.
  invs.sort((a, b) => a.issued.getTime() - b.issued.getTime() || (a.id < b.id ? -1 : 1));
  const perYear = new Map<number, number>();
  for (const [seq, inv] of invs.entries()) {
    const year = Number(new Date(inv.issued.getTime() + 7 * 3600_000).toISOString().slice(0, 4));
    const n = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, n);
    const buyer = JSON.stringify({ name: 'Bench Customer' });
    invoices.push([inv.id, seq + 1, `INV-${year}-${String(n).padStart(6, '0')}`, inv.bookingId, inv.kind, inv.status, ts(inv.issued), inv.due ? ts(inv.due) : null, inv.periodStart, inv.periodEnd, inv.total, Math.round((inv.total * 7) / 107), inv.dedupe, buyer, inv.paidAt ? ts(inv.paidAt) : null]);
    if (inv.kind === 'fee') lines.push([`bsl${inv.id}f`, inv.id, 'fee', 'Fee', 1, inv.total, inv.total, 0]);
    else {
      lines.push([`bsl${inv.id}r`, inv.id, 'rent', 'Rent', 1, inv.rent, inv.rent, 0]);
      if (inv.insurance) lines.push([`bsl${inv.id}i`, inv.id, 'insurance', 'Insurance', 1, inv.insurance, inv.insurance, 1]);
      if (inv.withholding) lines.push([`bsl${inv.id}w`, inv.id, 'withholding_tax', 'Withholding tax', 1, -inv.withholding, -inv.withholding, 2]);
    }
    if (inv.paidAt) payments.push([`bsp${inv.id}`, inv.bookingId, inv.id, inv.method, 'paid', inv.total, ts(inv.paidAt), ts(inv.paidAt), ts(inv.paidAt)]);
  }

  const audit: unknown[][] = [];
  const ACTIONS: [action: string, entity: string][] = [['booking.confirm', 'booking'], ['payment.verify', 'payment'], ['invoice.issue_renewal', 'invoice'], ['booking.move_in', 'booking'], ['booking.end', 'booking'], ['unit.update', 'unit'], ['settings.update', 'setting'], ['booking.note', 'booking'], ['invoice.issue_late_fee', 'invoice'], ['staff.sign_in', 'user']];
  const STAFF = ['admin@phuketselfstorage.com', 'nok@phuketselfstorage.com', 'anna@phuketselfstorage.com', null];
  for (let i = 0; i < N.audit; i++) {
    const [action, entity] = pick(ACTIONS);
    const when = new Date(now.getTime() - rnd() * 730 * 86_400_000);
    audit.push([`bsa${i}`, pick(STAFF), action, entity, entity === 'booking' ? `bsb${int(0, N.bookings - 1)}` : entity === 'invoice' ? `bsi${int(0, invSeq - 1)}` : `bsx${int(0, 999)}`, JSON.stringify({ before: null, after: { bench: i }, note: null }), ts(when)]);
  }

  await insertRows(q, 'customers', [['id', 'text'], ['type', '"CustomerType"'], ['first_name', 'text'], ['last_name', 'text'], ['email', 'text'], ['phone', 'text'], ['address', 'text'], ['company_name', 'text'], ['tax_id', 'text'], ['tax_branch', 'text'], ['locale', 'text'], ['created_at', 'timestamp'], ['updated_at', 'timestamp']], customers);
  await insertRows(q, 'units', [['id', 'text'], ['number', 'text'], ['unit_type_id', 'text'], ['status', '"UnitStatus"'], ['updated_at', 'timestamp']], units.map((u) => [u.id, u.number, types[u.typeIdx].id, u.booking ? u.status : 'available', ts(now)]));
  await insertRows(
    q,
    'bookings',
    [['id', 'text'], ['reference', 'text'], ['idempotency_key', 'text'], ['customer_id', 'text'], ['unit_type_id', 'text'], ['unit_id', 'text'], ['status', '"BookingStatus"'], ['payment_method', '"PaymentMethod"'], ['payment_status', '"PaymentStatus"'], ['customer_type', '"CustomerType"'],
      ['start_date', 'date'], ['term', '"TermCode"'], ['months', 'int'], ['monthly_rate', 'int'], ['rent_rate', 'int'], ['insurance_monthly', 'int'], ['quote', 'jsonb'], ['total_due_today', 'int'],
      ['hold_expires_at', 'timestamp'], ['hold_confirmed_at', 'timestamp'], ['locale', 'text'], ['requires_tax_invoice', 'boolean'], ['agreement_signature', 'text'], ['agreement_signed_at', 'timestamp'], ['agreement_text', 'text'], ['agreement_document_id', 'text'],
      ['confirmed_at', 'timestamp'], ['cancelled_at', 'timestamp'], ['moved_in_at', 'timestamp'], ['move_out_date', 'date'], ['ended_at', 'timestamp'],
      ['delinquency', '"DelinquencyStage"'], ['access_suspended_at', 'timestamp'], ['overlocked_at', 'timestamp'], ['defaulted_at', 'timestamp'], ['created_at', 'timestamp'], ['updated_at', 'timestamp']],
    bookings,
  );
  // The units hold their running booking (the unique current_booking_id: no unit held twice).
  await q(`UPDATE units u SET current_booking_id = b.id FROM bookings b WHERE b.unit_id = u.id AND b.status::text IN ('reserved', 'confirmed', 'active') AND b.id LIKE 'bsb%'`);
  await insertRows(q, 'invoices', [['id', 'text'], ['seq', 'int'], ['number', 'text'], ['booking_id', 'text'], ['kind', '"InvoiceKind"'], ['status', '"InvoiceStatus"'], ['issued_at', 'timestamp'], ['due_at', 'timestamp'], ['period_start', 'date'], ['period_end', 'date'], ['total_satang', 'int'], ['vat_satang', 'int'], ['dedupe_key', 'text'], ['buyer', 'jsonb'], ['paid_at', 'timestamp']], invoices);
  await q(`SELECT setval(pg_get_serial_sequence('invoices', 'seq'), (SELECT max(seq) FROM invoices))`);
  for (const [year, last] of perYear) await q(`INSERT INTO document_counters (series, year, last) VALUES ('INV', $1, $2) ON CONFLICT (series, year) DO UPDATE SET last = GREATEST(document_counters.last, EXCLUDED.last)`, [year, last]);
  await insertRows(q, 'invoice_lines', [['id', 'text'], ['invoice_id', 'text'], ['kind', '"InvoiceLineKind"'], ['description', 'text'], ['quantity', 'int'], ['unit_satang', 'int'], ['amount_satang', 'int'], ['position', 'int']], lines);
  await insertRows(q, 'payments', [['id', 'text'], ['booking_id', 'text'], ['invoice_id', 'text'], ['method', '"PaymentMethod"'], ['status', '"PaymentStatus"'], ['amount_satang', 'int'], ['paid_at', 'timestamp'], ['created_at', 'timestamp'], ['updated_at', 'timestamp']], payments);
  await insertRows(q, 'email_messages', [['id', 'text'], ['dedupe_key', 'text'], ['template', 'text'], ['locale', 'text'], ['to_address', 'text'], ['subject', 'text'], ['html', 'text'], ['text', 'text'], ['booking_id', 'text'], ['status', '"EmailStatus"'], ['attempts', 'int'], ['sent_at', 'timestamp'], ['created_at', 'timestamp']], emails);
  await insertRows(q, 'audit_log', [['id', 'text'], ['actor_email', 'text'], ['action', 'text'], ['entity', 'text'], ['entity_id', 'text'], ['data', 'jsonb'], ['created_at', 'timestamp']], audit);
  await q('ANALYZE');
  return { ...(await datasetFacts(q)), seconds: (Date.now() - t0) / 1000 };
}

/** The data set's counts and the search terms a member of staff would type, read back from the database (also what
 *  BENCH_SCALE_REUSE=1 reads from a database kept by KEEP=1). */
async function datasetFacts(q: Query): Promise<Omit<DatasetFacts, 'seconds'>> {
  const count = async (sql: string) => Number((await q(sql)).rows[0].n);
  const counts = {
    bookings: await count(`SELECT count(*)::int AS n FROM bookings`),
    'running rentals': await count(`SELECT count(*)::int AS n FROM bookings WHERE status::text IN ('confirmed', 'active')`),
    'overdue (suspended, overlocked, default)': await count(`SELECT count(*)::int AS n FROM bookings WHERE delinquency::text <> 'current'`),
    units: await count(`SELECT count(*)::int AS n FROM units`),
    customers: await count(`SELECT count(*)::int AS n FROM customers`),
    invoices: await count(`SELECT count(*)::int AS n FROM invoices`),
    'invoice lines': await count(`SELECT count(*)::int AS n FROM invoice_lines`),
    payments: await count(`SELECT count(*)::int AS n FROM payments`),
    'audit rows': await count(`SELECT count(*)::int AS n FROM audit_log`),
    emails: await count(`SELECT count(*)::int AS n FROM email_messages`),
  };
  // Search terms a member of staff would type: a Latin surname, a Thai first name, a phone's last digits, a reference.
  const { rows: [phone] } = await q(`SELECT phone FROM customers WHERE id = $1`, [`bsc${4321 % N.customers}`]);
  return { counts, searchName: 'Kowalski', searchThai: 'สมหญิง', searchPhone: String(phone?.phone ?? '').replace(/\D/g, '').slice(-7), searchRef: reference(Math.floor(N.bookings / 3)) };
}

// ---------------------------------------------------------------------------------------------------------------
// Measuring

interface Timing {
  what: string;
  p50: number;
  p95: number;
  max: number;
  budget?: number;
  note?: string;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function timeIt(what: string, fn: () => Promise<unknown>, runs = RUNS, note?: string): Promise<Timing> {
  for (let i = 0; i < 2; i++) await fn(); // warm: first query plans, connection pool
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  const r = { what, p50: Math.round(pct(ms, 50)), p95: Math.round(pct(ms, 95)), max: Math.round(Math.max(...ms)), budget: BUDGET.readerP95, note };
  console.log(`  ${what}: p50 ${r.p50} ms, p95 ${r.p95} ms`);
  return r;
}

interface Section {
  label: string;
  facts: DatasetFacts;
  readers: Timing[];
  billing: { first: number; second: number; issued: number; firstSummary: Record<string, number>; countsEqual: boolean; renewalsAdded: number; delivery: { ms: number; sent: number; left: number } };
  submits: { p50: number; p99: number; ok: number; failed: number; doubles: number; perSecond: number };
  failures: string[];
}

async function benchTarget(label: string, target: { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string }, rawQuery: Query, closeRaw: () => Promise<void>): Promise<Section> {
  const failures: string[] = [];
  const { deployMigrations } = await import('@/lib/db/migrations');
  const { createPrismaClient } = await import('@/lib/db/client');
  const { seedDatabase } = await import('../prisma/seed');
  const { todayInBangkok, addDaysISO } = await import('@/lib/dates/bangkok');
  const calendar = await import('@/lib/billing/calendar');

  console.log(`\n• ${label}: migrating and seeding…`);
  // PGlite: migrations, seed and data through one instance at a time (it has no lock on its folder).
  if (target.kind === 'pglite') await closeRaw();
  await deployMigrations(target);
  if (!REUSE) {
    const { db, close } = createPrismaClient(target);
    await seedDatabase(db);
    await close();
  }
  const now = new Date();
  const today = todayInBangkok(now);
  let q = rawQuery;
  let closeQ = closeRaw;
  if (target.kind === 'pglite') {
    const { openPGlite } = await import('@/lib/db/pglite');
    const lite = openPGlite(target.dir);
    q = (sql, params) => lite.query(sql, params) as Promise<{ rows: Row[] }>;
    closeQ = () => lite.close();
  }
  console.log(`• ${label}: ${REUSE ? 'reusing the kept data set' : 'writing the data set'}…`);
  const facts = REUSE
    ? { ...(await datasetFacts(q)), seconds: 0 }
    : await makeDataset(q, { addDaysISO, addMonthsISO: calendar.addMonthsISO, renewalPeriod: calendar.renewalPeriod, periodsToIssue: calendar.periodsToIssue }, today, now);
  console.log(`  ${Object.entries(facts.counts).map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`).join(', ')} in ${facts.seconds.toFixed(1)} s`);
  if (target.kind === 'pglite') await closeQ();

  const { db, close } = createPrismaClient(target);
  // Code that reads the app's shared client (lib/db) gets this one: PGlite must be opened once.
  (globalThis as { __db?: unknown }).__db = db;
  const count = async (sql: string) => Number(((await db.$queryRawUnsafe(sql)) as { n: number }[])[0].n);
  try {
    // ---- Readers, as the pages call them
    // The dashboard's readers: its own, and the demand figures it shares with the rate suggestions (lib/catalog).
    const dash = { ...(await import('@/lib/admin/dashboard')), ...(await import('@/lib/catalog/demand')) };
    const { gateChangesForStaff } = await import('@/lib/gate/push');
    const { alertCounts } = await import('@/lib/staff-alerts');
    const { bookingFiltersSchema, searchBookings } = await import('@/lib/admin/bookings');
    const { invoiceFiltersSchema, searchInvoices } = await import('@/lib/admin/invoice-list');
    const { auditFiltersSchema, searchAudit } = await import('@/lib/admin/audit-list');
    const { flatParams } = await import('@/lib/admin/list-query');
    const admin = await db.user.findFirstOrThrow({ where: { role: 'admin' }, select: { id: true } });
    const readers: Timing[] = [];
    if (!ONLY_BILLING) console.log(`• ${label}: admin readers (${RUNS} runs each)…`);
    if (!ONLY_BILLING) readers.push(
      await timeIt('dashboard (/admin: every card, the gate card and the alerts badge)', () =>
        Promise.all([
          dash.occupancy(db), dash.monthComparison(db), dash.workQueues(db), db.user.findUnique({ where: { id: admin.id }, select: { totpEnabledAt: true } }),
          dash.occupancyTrend(db), dash.revenueTrend(db), dash.arrearsByAge(db), dash.conversionTrend(db), dash.waitingByType(db), dash.suggestionInputs(db),
          gateChangesForStaff(db), alertCounts(db),
        ]),
      ),
    );
    if (READERS_ONLY) {
      // Which card costs (console only): each of the dashboard's readers on its own.
      const cards: [string, () => Promise<unknown>][] = [
        ['occupancy', () => dash.occupancy(db)], ['monthComparison', () => dash.monthComparison(db)], ['workQueues', () => dash.workQueues(db)],
        ['occupancyTrend', () => dash.occupancyTrend(db)], ['revenueTrend', () => dash.revenueTrend(db)], ['arrearsByAge', () => dash.arrearsByAge(db)],
        ['conversionTrend', () => dash.conversionTrend(db)], ['waitingByType', () => dash.waitingByType(db)], ['suggestionInputs', () => dash.suggestionInputs(db)],
        ['gateChangesForStaff', () => gateChangesForStaff(db)], ['alertCounts', () => alertCounts(db)],
      ];
      for (const [what, fn] of cards) await timeIt(`  dashboard card ${what}`, fn, 10);
    }
    const list = async (fn: () => Promise<unknown>) => Promise.all([fn(), alertCounts(db)]);
    const bookingsAt = (params: Record<string, string>) => () => list(() => searchBookings(db, bookingFiltersSchema.parse(flatParams(new URLSearchParams(params)))));
    if (!ONLY_BILLING) readers.push(await timeIt('bookings: newest first (no search)', bookingsAt({})));
    if (!ONLY_BILLING) readers.push(await timeIt(`bookings: search a surname (“${facts.searchName}”)`, bookingsAt({ q: facts.searchName })));
    if (!ONLY_BILLING) readers.push(await timeIt(`bookings: search a Thai name (“${facts.searchThai}”)`, bookingsAt({ q: facts.searchThai })));
    if (!ONLY_BILLING) readers.push(await timeIt(`bookings: search a phone (“${facts.searchPhone}”)`, bookingsAt({ q: facts.searchPhone })));
    if (!ONLY_BILLING) readers.push(await timeIt(`bookings: search a reference (“${facts.searchRef}”)`, bookingsAt({ q: facts.searchRef })));
    if (!ONLY_BILLING) readers.push(await timeIt('bookings: active, sorted by customer, page 20', bookingsAt({ status: 'active', sort: 'customer', page: '20' })));
    const invoicesAt = (params: Record<string, string>) => () => list(() => searchInvoices(db, invoiceFiltersSchema.parse(flatParams(new URLSearchParams(params)))));
    if (!ONLY_BILLING) readers.push(await timeIt('invoices: newest first', invoicesAt({})));
    if (!ONLY_BILLING) readers.push(await timeIt('invoices: overdue', invoicesAt({ overdue: '1' })));
    if (!ONLY_BILLING) readers.push(await timeIt(`invoices: search a surname (“${facts.searchName}”)`, invoicesAt({ q: facts.searchName })));
    if (!ONLY_BILLING) readers.push(await timeIt('invoices: paid by card, sorted by due date, page 50', invoicesAt({ method: 'card', sort: 'due', page: '50' })));
    const auditAt = (params: Record<string, string>) => () => list(() => searchAudit(db, auditFiltersSchema.parse(flatParams(new URLSearchParams(params)))));
    if (!ONLY_BILLING) readers.push(await timeIt('audit log: newest first', auditAt({})));
    if (!ONLY_BILLING) readers.push(await timeIt('audit log: page 500', auditAt({ page: '500' })));
    if (!ONLY_BILLING) readers.push(await timeIt('audit log: action “invoice.” in one month', auditAt({ action: 'invoice.', from: addDaysISO(today, -60), to: addDaysISO(today, -30) })));
    for (const r of readers) if (r.p95 >= BUDGET.readerP95) failures.push(`${label}: ${r.what} p95 ${r.p95} ms ≥ ${BUDGET.readerP95} ms`);
    if (READERS_ONLY) {
      const none = { p50: 0, p99: 0, ok: 0, failed: 0, doubles: 0, perSecond: 0 };
      return { label, facts, readers, billing: { first: 0, second: 0, issued: 0, firstSummary: {}, countsEqual: true, renewalsAdded: 0, delivery: { ms: 0, sent: 0, left: 0 } }, submits: none, failures };
    }

    // ---- The billing job, twice on the same day
    console.log(`• ${label}: billing job…`);
    const { runBilling } = await import('@/lib/billing/run');
    const snapshot = async () => ({
      invoices: await count(`SELECT count(*)::int AS n FROM invoices`),
      renewals: await count(`SELECT count(*)::int AS n FROM invoices WHERE kind = 'renewal'`),
      lines: await count(`SELECT count(*)::int AS n FROM invoice_lines`),
      payments: await count(`SELECT count(*)::int AS n FROM payments`),
      emails: await count(`SELECT count(*)::int AS n FROM email_messages`),
      audit: await count(`SELECT count(*)::int AS n FROM audit_log`),
      duplicates: await count(`SELECT count(*)::int AS n FROM (SELECT booking_id, period_start FROM invoices WHERE kind = 'renewal' GROUP BY 1, 2 HAVING count(*) > 1) d`),
    });
    const before = await snapshot();
    let t = performance.now();
    const firstSummary = await runBilling(db, { now, stripe: null });
    const first = performance.now() - t;
    const afterFirst = await snapshot();
    t = performance.now();
    const secondSummary = await runBilling(db, { now, stripe: null });
    const second = performance.now() - t;
    const afterSecond = await snapshot();
    // The emails the first run queued, delivered the way production does: the `tasks` job (lib/jobs), run again
    // and again as its schedule would, until nothing is due (at most 20 runs).
    const { runJobNow } = await import('@/lib/jobs/runner');
    const pendingEmails = () => count(`SELECT count(*)::int AS n FROM email_messages WHERE status = 'pending'`);
    t = performance.now();
    let sent = 0;
    for (let i = 0; i < 20 && (await pendingEmails()) > 0; i++) {
      const r = await runJobNow(db, 'tasks', { trigger: 'manual' });
      sent += r.ran && r.status === 'succeeded' ? Number(r.result.succeeded ?? 0) : 0;
    }
    const delivery = { ms: performance.now() - t, sent, left: await pendingEmails() };
    console.log(`  outbox delivery: ${sent} sent in ${(delivery.ms / 1000).toFixed(1)} s, ${delivery.left} left`);
    if (delivery.left) failures.push(`${label}: ${delivery.left} email(s) still undelivered after the outbox job`);
    const renewalsAdded = afterFirst.renewals - before.renewals;
    const countsEqual = JSON.stringify(afterFirst) === JSON.stringify(afterSecond);
    console.log(`  first run ${(first / 1000).toFixed(1)} s (${JSON.stringify(firstSummary)}), second ${(second / 1000).toFixed(1)} s (${JSON.stringify(secondSummary)})`);
    if (renewalsAdded !== N.renewToday || firstSummary.renewalInvoices !== N.renewToday) failures.push(`${label}: the billing job issued ${renewalsAdded} renewal invoices, expected ${N.renewToday}`);
    if (!countsEqual) failures.push(`${label}: the second billing run changed counts: ${JSON.stringify(afterFirst)} → ${JSON.stringify(afterSecond)}`);
    if (afterSecond.duplicates) failures.push(`${label}: ${afterSecond.duplicates} renewal period(s) invoiced twice`);
    if (first >= BUDGET.billingFirst) failures.push(`${label}: billing first run ${Math.round(first)} ms ≥ ${BUDGET.billingFirst} ms`);
    if (second >= BUDGET.billingSecond) failures.push(`${label}: billing second run ${Math.round(second)} ms ≥ ${BUDGET.billingSecond} ms`);

    // ---- Booking submits at scale, 50 at once, through the code the wizard's server action calls
    if (!ONLY_BILLING) console.log(`• ${label}: ${SUBMITS} booking submits, ${SUBMIT_CONCURRENCY} at once…`);
    const submits = ONLY_BILLING ? { p50: 0, p99: 0, ok: 0, failed: 0, doubles: 0, perSecond: 0 } : await benchSubmits(db, today);
    if (submits.doubles) failures.push(`${label}: ${submits.doubles} unit(s) booked twice`);
    if (submits.failed) failures.push(`${label}: ${submits.failed} submit(s) failed`);
    if (!ONLY_BILLING && target.kind === 'postgres' && submits.p99 >= BUDGET.submitP99) failures.push(`${label}: booking submits p99 ${submits.p99} ms ≥ ${BUDGET.submitP99} ms`);
    return { label, facts, readers, billing: { first, second, issued: firstSummary.renewalInvoices, firstSummary: firstSummary as unknown as Record<string, number>, countsEqual, renewalsAdded, delivery }, submits, failures };
  } finally {
    (globalThis as { __db?: unknown }).__db = undefined;
    await close();
  }
}

async function benchSubmits(db: import('@/lib/db/client').Db, today: string) {
  const { createBooking } = await import('@/lib/booking/create-booking');
  const { addDaysISO } = await import('@/lib/dates/bangkok');
  // A unit type of its own with a free unit for every submit (as scripts/bench.ts does).
  const template = await db.unitType.findUniqueOrThrow({ where: { code: 's' } });
  const type = await db.unitType.create({
    data: { code: 'bench', category: template.category, sizeRank: 99, displayOrder: 99, name: { en: 'Bench', th: 'Bench', ru: 'Bench' }, description: template.description as object, features: template.features as object, dimensions: template.dimensions, baseRate: template.baseRate, pricingMode: template.pricingMode },
  });
  await db.unit.createMany({ data: Array.from({ length: SUBMITS + 53 }, (_, i) => ({ number: `BENCH-${i + 1}`, unitTypeId: type.id })) });
  const agreement = await db.legalDocument.findFirstOrThrow({ where: { type: 'rental_agreement', locale: 'en', isActive: true }, orderBy: { version: 'desc' } });
  const draft = (i: number) => ({
    idempotencyKey: `bench-scale-submit-${crypto.randomUUID()}`,
    step: 12,
    unitTypeCode: 'bench',
    customerType: 'individual',
    startDate: addDaysISO(today, 1),
    term: '6m',
    insuranceMonthly: 0,
    promoCode: null,
    supplies: {},
    contact: { firstName: 'Bench', lastName: 'Customer', email: `bench-scale+${i}@example.com`, phone: `+66 89 ${String(100 + (i % 900))} ${String(1000 + i).slice(-4)}`, address: '1 Beach Road, Phuket' },
    paymentMethod: 'cash',
    paymentStatus: 'pending_arrival',
    agreement: { scrolled: true, agreed: true, signature: 'Bench Customer', signedAt: new Date().toISOString(), documentId: agreement.id },
    termsAccepted: true,
  });
  const { runTasks } = await import('@/lib/jobs/tasks');
  const ms: number[] = [];
  let ok = 0;
  let failed = 0;
  // Warm: the first submits load the booking and email modules.
  for (let i = 0; i < 3; i++) await createBooking(db, draft(SUBMITS + i), { locale: 'en', stripe: null });
  let next = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (next < SUBMITS) {
      const i = next++;
      const t = performance.now();
      // The confirmation and the staff alert are tasks the submit wrote: the worker runs them after.
      const r = await createBooking(db, draft(i), { locale: 'en', stripe: null });
      ms.push(performance.now() - t);
      if (r.ok) ok++;
      else {
        failed++;
        if (failed <= 3) console.log(`  submit failed: ${JSON.stringify(r)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: SUBMIT_CONCURRENCY }, worker));
  const seconds = (performance.now() - t0) / 1000;
  await runTasks(db, { budgetMs: 600_000 });
  const [{ doubles }] = await db.$queryRaw<{ doubles: number }[]>`SELECT (count(*) - count(DISTINCT unit_id))::int AS doubles FROM bookings WHERE unit_type_id = ${type.id} AND status::text = 'reserved'`;
  const r = { p50: Math.round(pct(ms, 50)), p99: Math.round(pct(ms, 99)), ok, failed, doubles, perSecond: Math.round(SUBMITS / seconds) };
  console.log(`  ${ok} booked, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.perSecond}/s, ${doubles} booked twice`);
  return r;
}

// ---------------------------------------------------------------------------------------------------------------
// Run

const sections: Section[] = [];
try {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = process.env.BENCH_SCALE_DB ?? 'bench_scale';
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    if (!REUSE) {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${name}"`);
    }
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    process.env.DATABASE_URL = u.toString();
    const client = new pg.Client({ connectionString: u.toString() });
    await client.connect();
    try {
      sections.push(await benchTarget('PostgreSQL', { kind: 'postgres', url: u.toString() }, (sql, params) => client.query(sql, params), async () => {}));
    } finally {
      await client.end();
      if (process.env.KEEP !== '1' && !REUSE) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      else console.log(`KEEP=1: the database ${u.toString()} stays.`);
      await admin.end();
    }
  }
  if (process.env.BENCH_SCALE_PGLITE !== '0' && !REUSE) {
    const dir = path.join(tmp, 'pglite');
    delete process.env.DATABASE_URL;
    process.env.PGLITE_DIR = dir;
    sections.push(await benchTarget('embedded PGlite', { kind: 'pglite', dir }, async () => ({ rows: [] }), async () => {}));
  }
} finally {
  if (process.env.KEEP !== '1') fs.rmSync(tmp, { recursive: true, force: true });
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ok = (good: boolean) => (good ? 'met' : '**missed**');
const out: string[] = [
  '## Scale',
  '',
  `\`npm run bench:scale\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${os.cpus().length} CPU(s) (load average ${os.loadavg()[0].toFixed(1)} at the end: other work shares them), Node ${process.version}. ` +
    'The admin readers are timed in-process as the pages call them (lib/admin, the same parsed address-bar values, with the layout’s alerts badge), ' +
    `${RUNS} runs each after 2 warm-ups; the billing job is lib/billing/run.ts for today without the card network; submits go through lib/booking createBooking (what the wizard’s server action calls), ${SUBMIT_CONCURRENCY} at once.`,
  '',
];
for (const s of sections) {
  out.push(`### ${s.label}`, '', `Data set (made in ${s.facts.seconds.toFixed(1)} s): ${Object.entries(s.facts.counts).map(([k, v]) => `${fmt(v)} ${k}`).join(', ')}.`, '');
  out.push('| what | p50 ms | p95 ms | max ms | budget |', '|---|--:|--:|--:|---|');
  for (const r of s.readers) out.push(`| ${r.what} | ${r.p50} | ${r.p95} | ${r.max} | p95 < ${r.budget} ms: ${ok(r.p95 < BUDGET.readerP95)} |`);
  if (READERS_ONLY) continue;
  out.push(
    '',
    '| what | figure | budget |',
    '|---|--:|---|',
    `| billing job, first run of the day (${fmt(s.billing.issued)} renewals issued, their emails queued) | ${(s.billing.first / 1000).toFixed(1)} s | < 60 s: ${ok(s.billing.first < BUDGET.billingFirst)} |`,
    `| emails the first run queued, delivered by the \`tasks\` job (${fmt(s.billing.delivery.sent)} sent, ${fmt(s.billing.delivery.left)} left) | ${(s.billing.delivery.ms / 1000).toFixed(1)} s | all delivered: ${ok(s.billing.delivery.left === 0)} |`,
    `| billing job, second run the same day | ${(s.billing.second / 1000).toFixed(1)} s | < 10 s: ${ok(s.billing.second < BUDGET.billingSecond)} |`,
    `| renewal invoices added by the first run / counts changed by the second | ${fmt(s.billing.renewalsAdded)} / ${s.billing.countsEqual ? 'none' : '**some**'} | ${fmt(N.renewToday)} / none: ${ok(s.billing.renewalsAdded === N.renewToday && s.billing.countsEqual)} |`,
    `| booking submits, ${SUBMIT_CONCURRENCY} at once (${fmt(s.submits.ok)} booked, ${s.submits.failed} failed, ${s.submits.doubles} booked twice; ${fmt(s.submits.perSecond)}/s) | p50 ${s.submits.p50} ms, p99 ${s.submits.p99} ms | p99 < 150 ms${s.label === 'PostgreSQL' ? `: ${ok(s.submits.p99 < BUDGET.submitP99)}` : ' (PostgreSQL only)'} |`,
    '',
  );
}
const failures = sections.flatMap((s) => s.failures);
if (!sections.length) out.push('No database: set TEST_DATABASE_URL, or leave BENCH_SCALE_PGLITE unset.', '');
if (failures.length) out.push('Missed:', '', ...failures.map((f) => `- ${f}`), '');
const md = out.join('\n');
console.log(`\n${md}`);
if (READERS_ONLY || ONLY_BILLING) {
  console.log(READERS_ONLY ? 'BENCH_SCALE_READERS_ONLY=1: readers only, bench/*.md left as they were.' : 'BENCH_SCALE_ONLY=billing: no file written.');
  process.exit(failures.length ? 1 : 0);
}
fs.mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
fs.writeFileSync(path.join(ROOT, 'bench', 'scale.md'), md);
// bench/latest.md keeps the rest of `npm run bench`'s table: only its "## Scale" section is replaced (or added).
const latestPath = path.join(ROOT, 'bench', 'latest.md');
const latest = fs.existsSync(latestPath) ? fs.readFileSync(latestPath, 'utf8') : '# Benchmark\n';
const at = latest.indexOf('\n## Scale\n');
const nextSection = at < 0 ? -1 : latest.slice(at + 1).search(/\n## (?!#)/);
const head = at < 0 ? latest.trimEnd() : latest.slice(0, at).trimEnd();
const tail = at < 0 || nextSection < 0 ? '' : latest.slice(at + 1 + nextSection);
fs.writeFileSync(latestPath, `${head}\n\n${md.trimEnd()}\n${tail}`);
console.log('Written to bench/scale.md and the "## Scale" section of bench/latest.md');
process.exit(failures.length ? 1 : 0);
