import 'server-only';
import { z } from 'zod';
import { generate } from 'promptparse';
import type { Db } from '@/lib/db';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import { recordAudit } from '@/lib/audit';
import { getSettings } from '@/lib/settings';
import { settlePayment } from '@/lib/payments/ledger/settle';
import { afterSettle } from '@/lib/payments/staff-payments';

/**
 * The optional slip-verification provider (docs/product-rules.md#thai-money, "Verified by the provider"): a service
 * with access to the banks' slip-verify APIs that answers, for a slip's QR, the transfer as the bank recorded it. When
 * its answer matches the payment (same transaction, exactly the amount the payment asks for, made after the invoice was
 * issued and not in the future, to one of our accounts), the payment is settled without a person and staff see it as
 * verified by the provider; any other answer (or none) leaves the slip for staff, with the reasons shown.
 *
 * The request: POST SLIP_VERIFY_URL, `Authorization: Bearer SLIP_VERIFY_TOKEN`, JSON `{ payload, sendingBank,
 * transRef }`. The answer (the shape Thai slip-verification APIs share): `{ data: { transRef, date, amount: { amount },
 * receiver: { account: { bank?: { account }, proxy?: { account } } } } }`, account numbers masked with x.
 */
export interface SlipProviderConfig {
  url: string;
  token: string;
  fetch?: typeof fetch;
}

export function slipProviderFromEnv(): SlipProviderConfig | null {
  const { SLIP_VERIFY_URL, SLIP_VERIFY_TOKEN } = env();
  return SLIP_VERIFY_URL ? { url: SLIP_VERIFY_URL, token: SLIP_VERIFY_TOKEN ?? '' } : null;
}

const TIMEOUT_MS = 8_000;
export const PROVIDER_REVIEWER = 'slip-verification provider';

const answerSchema = z.object({
  data: z.object({
    transRef: z.string(),
    date: z.string(),
    amount: z.object({ amount: z.number().nonnegative() }),
    receiver: z
      .object({
        account: z
          .object({
            bank: z.object({ account: z.string() }).partial().optional(),
            proxy: z.object({ account: z.string() }).partial().optional(),
          })
          .partial()
          .optional(),
      })
      .optional(),
  }),
});

/** What we keep of the provider's answer with the proof (payment_proofs.slip_check), shown to staff. */
export interface SlipCheck {
  status: 'confirmed' | 'mismatch' | 'unavailable';
  checkedAt: string;
  /** why the payment was not matched (empty when confirmed), shown to staff as admin.slipQr.reasons.<code> */
  reasons: SlipMismatch[];
  amountSatang?: number;
  transferredAt?: string;
  receiverAccount?: string;
}

/** A masked account ('xxx-x-x4567-x') against ours ('123-4-54567-0'): same length, every visible digit equal. */
export function maskedAccountMatches(masked: string, actual: string): boolean {
  const m = masked.replace(/[^0-9xX*]/g, '').toLowerCase().replaceAll('*', 'x');
  const a = actual.replace(/\D/g, '');
  if (!m || m.length !== a.length) return false;
  const visible = [...m].filter((c) => c !== 'x').length;
  return visible >= 3 && [...m].every((c, i) => c === 'x' || c === a[i]);
}

export type SlipMismatch = 'other_transaction' | 'amount' | 'date' | 'account' | 'unavailable';

/** The reasons a provider's answer does not settle the payment; empty when it does. Pure. */
export function slipMismatches(
  answer: z.infer<typeof answerSchema>['data'],
  expected: { transRef: string; amountSatang: number; issuedAt: Date; now: Date; accounts: readonly string[] },
): SlipMismatch[] {
  const reasons: SlipMismatch[] = [];
  if (answer.transRef !== expected.transRef) reasons.push('other_transaction');
  if (Math.round(answer.amount.amount * 100) !== expected.amountSatang) reasons.push('amount');
  const at = Date.parse(answer.date);
  if (!Number.isFinite(at)) reasons.push('date');
  // A day of leeway before the issue instant (clocks, a transfer made from the emailed pro forma the day before).
  else if (at < expected.issuedAt.getTime() - 86_400_000 || at > expected.now.getTime() + 5 * 60_000) reasons.push('date');
  const received = [answer.receiver?.account?.bank?.account, answer.receiver?.account?.proxy?.account].filter((a): a is string => !!a);
  const ours = expected.accounts.filter(Boolean);
  if (!received.some((r) => ours.some((o) => maskedAccountMatches(r, o)))) reasons.push('account');
  return reasons;
}

async function askProvider(config: SlipProviderConfig, slip: { sendingBank: string; transRef: string }) {
  const payload = generate.slipVerify(slip);
  const res = await (config.fetch ?? fetch)(config.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${config.token}` },
    body: JSON.stringify({ payload, sendingBank: slip.sendingBank, transRef: slip.transRef }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`slip provider answered ${res.status}`);
  return answerSchema.parse(await res.json()).data;
}

/**
 * Asks the provider about the newest unchecked slip of a payment waiting for a check and settles the payment when the
 * answer matches. Never throws: a provider down or confused leaves the slip for staff.
 */
export async function verifySlipByProvider(
  db: Db,
  paymentId: string,
  now = new Date(),
  config: SlipProviderConfig | null = slipProviderFromEnv(),
): Promise<'verified' | 'mismatch' | 'unavailable' | 'skipped'> {
  if (!config) return 'skipped';
  const payment = await db.payment.findUnique({
    where: { id: paymentId },
    include: { invoice: { select: { id: true, number: true, issuedAt: true } }, proofs: { where: { slipTransRef: { not: null } }, orderBy: { uploadedAt: 'desc' }, take: 1 } },
  });
  const proof = payment?.proofs[0];
  if (!payment?.invoice || payment.status !== 'proof_uploaded' || !proof?.slipBank || !proof.slipTransRef || proof.slipCheck) return 'skipped';
  let check: SlipCheck;
  try {
    const answer = await askProvider(config, { sendingBank: proof.slipBank, transRef: proof.slipTransRef });
    const { bank, promptpay } = await getSettings(db, ['bank', 'promptpay']);
    const reasons = slipMismatches(answer, { transRef: proof.slipTransRef, amountSatang: payment.amountSatang, issuedAt: payment.invoice.issuedAt, now, accounts: [bank.accountNumber, promptpay.id, promptpay.billerId] });
    check = {
      status: reasons.length ? 'mismatch' : 'confirmed',
      checkedAt: now.toISOString(),
      reasons,
      amountSatang: Math.round(answer.amount.amount * 100),
      transferredAt: answer.date,
      receiverAccount: answer.receiver?.account?.bank?.account ?? answer.receiver?.account?.proxy?.account,
    };
  } catch (error) {
    log.warn({ err: error, paymentId }, 'slip provider: no usable answer, left for staff');
    check = { status: 'unavailable', checkedAt: now.toISOString(), reasons: ['unavailable'] };
  }
  if (check.status !== 'confirmed') {
    await db.paymentProof.update({ where: { id: proof.id }, data: { slipCheck: { ...check } } });
    return check.status;
  }
  const settled = await db.$transaction(async (tx) => {
    await tx.paymentProof.update({ where: { id: proof.id }, data: { slipCheck: { ...check }, status: 'verified', reviewedBy: PROVIDER_REVIEWER, reviewedAt: now } });
    await recordAudit(tx, { actor: null, action: 'payment.provider_verified', entity: 'payment', entityId: paymentId, after: { invoice: payment.invoice!.number, transRef: proof.slipTransRef, amountSatang: check.amountSatang } });
    return settlePayment(tx, paymentId, { now, actor: null, action: 'verify' });
  });
  await afterSettle(db, settled);
  return 'verified';
}
