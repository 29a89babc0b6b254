import 'server-only';
import type { Db } from '@/lib/db';
import { toLocale } from '@/lib/i18n/translator';
import { approvedTranslator } from '@/lib/i18n/overrides';
import { localizedPath } from '@/lib/i18n/routing';
import { pickLocalized } from '@/lib/i18n/localized';
import { formatBangkokDateTime } from '@/lib/dates/bangkok';
import { siteBase } from '@/lib/platform/site-url';
import type { EmailTransport } from '@/lib/platform/mail/send';
import { compose } from '@/lib/email/notice';
import { offerToken, waitingListToken } from '@/lib/waiting-list/tokens';
import { waitingListPosition } from '@/lib/waiting-list/position';
import { OFFER_HOLD_MS } from '@/lib/waiting-list/offer-hold';

/** The unit held for 24 hours for the first person on the waiting list. */
export async function sendWaitingListOffer(db: Db, offerId: string, transport?: EmailTransport) {
  const offer = await db.waitingListOffer.findUniqueOrThrow({ where: { id: offerId }, include: { entry: true, unit: { include: { unitType: true } } } });
  const locale = toLocale(offer.entry.locale);
  const t = await approvedTranslator(db, locale, 'billingEmails');
  const unitType = pickLocalized<string>(offer.unit.unitType.name, locale) ?? offer.unit.unitType.code.toUpperCase();
  const time = formatBangkokDateTime(offer.expiresAt, locale);
  const q = new URLSearchParams({ unit: offer.unit.unitType.code, term: 'm2m', offer: offer.id, offerToken: offerToken(offer.id) });
  const position = await waitingListPosition(db, offer.entryId);
  return compose({
    db,
    transport,
    template: 'waiting_list_offer',
    dedupeKey: `waiting_list_offer:${offer.id}`,
    locale,
    to: offer.entry.email,
    bookingId: null,
    subject: t('offer.subject', { unitType, hours: OFFER_HOLD_MS / 3_600_000 }),
    heading: t('offer.heading'),
    name: offer.entry.name,
    paragraphs: [t('offer.body', { unitType, time })],
    button: { href: `${siteBase()}${localizedPath(locale, '/checkout')}?${q}`, label: t('offer.button') },
    link: position
      ? { href: `${siteBase()}${localizedPath(locale, `/waiting-list/${offer.entryId}`)}?token=${waitingListToken(offer.entryId)}`, label: t('offer.position') }
      : null,
  });
}
