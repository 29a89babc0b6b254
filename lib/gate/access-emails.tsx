import 'server-only';
import type { Db } from '@/lib/db';
import type { Composers } from '@/lib/platform/mail/outbox';
import { toLocale } from '@/lib/i18n/translator';
import { approvedTranslator } from '@/lib/i18n/overrides';
import { greetingName } from '@/lib/format/text';
import { signedPortalUrl } from '@/lib/booking/portal-link';
import { readGatePin } from '@/lib/gate/pin';
import { BillingNoticeEmail } from '@/emails/billing-notice';
import { emailFooter } from '@/lib/email/site';

/**
 * The move-in emails (docs/product-rules.md#identity-and-gate-access): identity verified, identity rejected (with the
 * reason), and the gate PIN. Queued by the transaction that causes them (lib/platform/mail/outbox.ts) and composed at delivery
 * in the customer's language; the PIN email is composed from the rental's current PIN, and its stored copy is blanked
 * once sent (lib/platform/mail/outbox.ts), so the outbox does not keep the PIN.
 */
export type AccessTemplate = 'identity_verified' | 'identity_rejected' | 'gate_pin';

export async function composeAccessEmail(db: Db, template: AccessTemplate, bookingId: string) {
  const b = await db.booking.findUniqueOrThrow({
    where: { id: bookingId },
    include: { customer: true, unit: { select: { number: true } }, heldUnit: { select: { number: true } }, identityDocuments: { where: { status: 'rejected' }, orderBy: { reviewedAt: 'desc' }, take: 1 } },
  });
  const locale = toLocale(b.customer.locale || b.locale);
  const t = await approvedTranslator(db, locale, 'moveIn.emails');
  const footer = await emailFooter(db, await approvedTranslator(db, locale, 'emails'), locale);
  const button = { href: signedPortalUrl(locale, b.reference), label: t('open') };
  let subject: string;
  let heading: string;
  let paragraphs: string[];
  const details: { label: string; value: string }[] = [{ label: t('reference'), value: b.reference }];
  if (template === 'gate_pin') {
    const pin = readGatePin(b.gatePinCipher);
    // The PIN changed or access ended since the email was queued: nothing to send.
    if (!pin || !['confirmed', 'active'].includes(b.status)) return null;
    subject = t('pin.subject', { reference: b.reference });
    heading = t('pin.heading');
    paragraphs = [t('pin.body'), t('pin.keep')];
    const unit = b.heldUnit?.number ?? b.unit?.number;
    if (unit) details.push({ label: t('unit'), value: unit });
    details.push({ label: t('pin.label'), value: pin });
  } else if (template === 'identity_verified') {
    subject = t('verified.subject', { reference: b.reference });
    heading = t('verified.heading');
    paragraphs = [t(b.gatePinCipher ? 'verified.bodyPin' : 'verified.bodyPayment')];
  } else {
    subject = t('rejected.subject', { reference: b.reference });
    heading = t('rejected.heading');
    paragraphs = [t('rejected.body'), t('rejected.reason', { reason: b.identityDocuments[0]?.note ?? '' })];
  }
  const element = (
    <BillingNoticeEmail
      lang={locale}
      preview={subject}
      footer={footer}
      heading={heading}
      greeting={t('greeting', { name: greetingName(b.customer.firstName) })}
      paragraphs={paragraphs}
      details={details}
      button={button}
    />
  );
  return { element, locale, to: b.customer.email, subject };
}

/** The outbox's composers for the access emails lib/identity/documents.ts and lib/gate/pin.ts queue. */
export const ACCESS_COMPOSERS: Composers = {
  identity_verified: (db, row) => composeAccessEmail(db, 'identity_verified', row.bookingId!),
  identity_rejected: (db, row) => composeAccessEmail(db, 'identity_rejected', row.bookingId!),
  gate_pin: (db, row) => composeAccessEmail(db, 'gate_pin', row.bookingId!),
};
