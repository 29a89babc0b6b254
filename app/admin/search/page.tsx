import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { formatTHB } from '@/lib/format/money';
import { searchEverything } from '@/lib/admin/search';
import { Badge, Card, PageTitle, statusTone } from '../_components/ui';
import { formatThaiPhone } from '@/lib/format/phone';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('staffTools.search'))('title') };
}

function Group({ id, title, count, more, moreHref, moreLabel, children }: { id: string; title: string; count: number; more: boolean; moreHref?: string; moreLabel: string; children: ReactNode }) {
  return (
    <Card className="mb-4">
      <h2 id={id} className="mb-2 text-lg font-semibold">
        {title} <span className="text-sm font-normal text-slate-600">({more ? `${count}+` : count})</span>
      </h2>
      <ul aria-labelledby={id} className="divide-y divide-slate-100">
        {children}
      </ul>
      {more && moreHref ? (
        <Link href={moreHref} className="mt-2 inline-flex min-h-11 items-center text-sm text-brand-800 underline">
          {moreLabel}
        </Link>
      ) : null}
    </Card>
  );
}

const rowLink = 'flex min-h-11 flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm';

/**
 * One search across bookings, customers, invoices, credit notes, units (and, for admins, promo codes): each result
 * opens its own page (docs/product-rules.md#staff-search). Kinds the role may not open are not searched at all.
 */
export default async function SearchPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user, db } = await adminPage('search');
  const raw = (await searchParams).q;
  const q = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  const [t, ts, tr, locale] = await Promise.all([getTranslations('staffTools.search'), getTranslations('admin.dashboard'), getTranslations('admin.review'), getLocale()]);
  const result = await searchEverything(db, user, q);
  const name = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`;
  const money = (s: number) => formatTHB(s, locale === 'th' ? 'th' : 'en');
  if (!result) {
    return (
      <>
        <PageTitle>{t('title')}</PageTitle>
        <p className="text-slate-700">{t('tooShort')}</p>
      </>
    );
  }
  const g = result.groups;
  const total = Object.values(g).reduce((n, x) => n + x.rows.length, 0);
  const encoded = encodeURIComponent(result.terms.text);
  return (
    <>
      <PageTitle>{t('resultsFor', { q: result.terms.text })}</PageTitle>
      {total === 0 ? <p className="text-slate-700">{t('nothing')}</p> : null}
      {g.customers.rows.length ? (
        <Group id="search-customers" title={t('kinds.customers')} count={g.customers.rows.length} more={g.customers.more} moreHref={`/admin/bookings?q=${encoded}`} moreLabel={t('more')}>
          {g.customers.rows.map((c) => (
            <li key={c.email} className="py-2 text-sm">
              <p className="font-semibold">
                {name(c)}
                {c.companyName ? <span className="font-normal text-slate-600"> · {c.companyName}</span> : null}
              </p>
              <p className="break-all text-slate-700">
                {c.email} · {formatThaiPhone(c.phone)}
              </p>
              <ul className="mt-1 flex flex-wrap gap-x-4">
                {c.bookings.map((b) => (
                  <li key={b.id}>
                    <Link href={`/admin/booking-review/${b.id}`} className="inline-flex min-h-11 items-center gap-2 font-mono text-brand-800 underline">
                      {b.reference}
                    </Link>{' '}
                    <Badge tone={statusTone(b.status)}>{ts(`bookingStatus.${b.status}`)}</Badge>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </Group>
      ) : null}
      {g.bookings.rows.length ? (
        <Group id="search-bookings" title={t('kinds.bookings')} count={g.bookings.rows.length} more={g.bookings.more} moreHref={`/admin/bookings?q=${encoded}`} moreLabel={t('more')}>
          {g.bookings.rows.map((b) => (
            <li key={b.id}>
              <Link href={`/admin/booking-review/${b.id}`} className={rowLink}>
                <span className="font-mono text-brand-800 underline">{b.reference}</span>
                <span>{name(b.customer)}</span>
                {b.unit ? <span>{t('unit', { number: b.unit.number })}</span> : null}
                <Badge tone={statusTone(b.status)}>{ts(`bookingStatus.${b.status}`)}</Badge>
              </Link>
            </li>
          ))}
        </Group>
      ) : null}
      {g.invoices.rows.length ? (
        <Group id="search-invoices" title={t('kinds.invoices')} count={g.invoices.rows.length} more={g.invoices.more} moreHref={`/admin/invoices?q=${encoded}`} moreLabel={t('more')}>
          {g.invoices.rows.map((i) => (
            <li key={i.id}>
              <Link href={`/admin/invoices/${i.id}`} className={rowLink}>
                <span className="font-mono text-brand-800 underline">{i.number}</span>
                <span>{name(i.booking.customer)}</span>
                <span className="font-mono">{i.booking.reference}</span>
                <span>{money(i.totalSatang)}</span>
                <Badge tone={statusTone(i.status)}>{tr(`invoiceStatus.${i.status}`)}</Badge>
              </Link>
            </li>
          ))}
        </Group>
      ) : null}
      {g.creditNotes.rows.length ? (
        <Group id="search-credit-notes" title={t('kinds.creditNotes')} count={g.creditNotes.rows.length} more={g.creditNotes.more} moreLabel={t('more')}>
          {g.creditNotes.rows.map((n) => (
            <li key={n.id}>
              <Link href={`/admin/invoices/${n.invoiceId}/credit-notes/${n.id}`} className={rowLink}>
                <span className="font-mono text-brand-800 underline">{n.number}</span>
                <span className="font-mono">{n.invoice.number}</span>
                <span>{money(n.amountSatang)}</span>
              </Link>
            </li>
          ))}
        </Group>
      ) : null}
      {g.units.rows.length ? (
        <Group id="search-units" title={t('kinds.units')} count={g.units.rows.length} more={g.units.more} moreHref="/admin/units" moreLabel={t('more')}>
          {g.units.rows.map((u) => (
            <li key={u.id}>
              <Link href={u.currentBooking ? `/admin/booking-review/${u.currentBooking.id}` : `/admin/units?q=${encodeURIComponent(u.number)}#unit-${u.number}`} className={rowLink}>
                <span className="font-mono text-brand-800 underline">{u.number}</span>
                <span>{u.unitType.code.toUpperCase()}</span>
                <Badge tone={statusTone(u.status)}>{t(`unitStatus.${u.status}`)}</Badge>
                {u.currentBooking ? <span className="font-mono">{u.currentBooking.reference}</span> : null}
              </Link>
            </li>
          ))}
        </Group>
      ) : null}
      {g.promoCodes.rows.length ? (
        <Group id="search-promo-codes" title={t('kinds.promoCodes')} count={g.promoCodes.rows.length} more={g.promoCodes.more} moreHref="/admin/promo-codes" moreLabel={t('more')}>
          {g.promoCodes.rows.map((p) => (
            <li key={p.id}>
              <Link href="/admin/promo-codes" className={rowLink}>
                <span className="font-mono text-brand-800 underline">{p.code}</span>
                <Badge tone={p.isActive ? 'green' : 'gray'}>{p.isActive ? t('active') : t('inactive')}</Badge>
              </Link>
            </li>
          ))}
        </Group>
      ) : null}
    </>
  );
}
