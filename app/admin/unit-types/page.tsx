import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { formatTHB } from '@/lib/format/money';
import { pickLocalized } from '@/lib/i18n/localized';
import { promotionRunning } from '@/lib/units/availability';
import { Badge, Card, PageTitle, Table, Td } from '../_components/ui';
import { unitTypesForAdmin } from '@/lib/admin/section-reads';
import { FIRST_MONTH_OFF_PCT } from '@/lib/pricing/catalog';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin.unitTypes'))('title') };
}

export default async function UnitTypesPage() {
  const { db } = await adminPage('unitTypes');
  const [t, locale] = await Promise.all([getTranslations('admin.unitTypes'), getLocale()]);
  const types = await unitTypesForAdmin(db);
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <Card>
        <Table head={[t('name'), t('code'), t('listPrice'), t('promoPrice'), t('pricingMode'), t('units'), t('shown')]}>
          {types.map((u) => (
            <tr key={u.id}>
              <Td>
                <Link href={`/admin/unit-types/${u.code}`} className="text-brand-800 underline">
                  {pickLocalized<string>(u.name, locale) ?? u.code}
                </Link>
              </Td>
              <Td className="font-mono">{u.code}</Td>
              <Td>{formatTHB(u.baseRate, locale)}</Td>
              <Td>
                {u.promoRate ? formatTHB(u.promoRate, locale) : '—'}{' '}
                {promotionRunning(u) ? <Badge tone="green">{t('running')}</Badge> : null}
              </Td>
              <Td>{t(`modes.${u.pricingMode}`, { percent: FIRST_MONTH_OFF_PCT })}</Td>
              <Td>{u._count.units}</Td>
              <Td>{u.isActive ? t('yes') : t('no')}</Td>
            </tr>
          ))}
        </Table>
      </Card>
    </>
  );
}
