import type { Metadata } from 'next';
import { z } from 'zod';
import { getLocale, getTranslations } from 'next-intl/server';
import type { Prisma } from '@/generated/prisma/client';
import { requireStaffPage } from '@/lib/auth/staff';
import { db } from '@/lib/db';
import { Card, Field, inputClass, PageTitle, Pager, Table, Td } from '../_components/ui';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin.audit'))('title') };
}

const PAGE = 50;
const text = z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(100).optional()).catch(undefined);
const date = z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional()).catch(undefined);
const filtersSchema = z.object({ action: text, entity: text, actor: text, id: text, from: date, to: date, page: z.coerce.number().int().min(1).max(100_000).catch(1) });

/** Every change staff (and customers, through the portal) made: who, when, what, before and after. */
export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireStaffPage('admin');
  const [t, locale] = await Promise.all([getTranslations('admin.audit'), getLocale()]);
  const raw = await searchParams;
  const f = filtersSchema.parse(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])));
  const where: Prisma.AuditLogWhereInput = {
    ...(f.action ? { action: { startsWith: f.action } } : {}),
    ...(f.entity ? { entity: f.entity } : {}),
    ...(f.actor ? { actorEmail: { contains: f.actor.toLowerCase() } } : {}),
    ...(f.id ? { entityId: f.id } : {}),
    ...(f.from || f.to
      ? { createdAt: { gte: f.from ? new Date(`${f.from}T00:00:00+07:00`) : undefined, lt: f.to ? new Date(new Date(`${f.to}T00:00:00+07:00`).getTime() + 86_400_000) : undefined } }
      : {}),
  };
  const total: number = await db.auditLog.count({ where });
  const rows = await db.auditLog.findMany({ where, orderBy: { createdAt: 'desc' }, skip: (f.page - 1) * PAGE, take: PAGE });
  const href = (page: number) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...f, page })) if (v !== undefined) q.set(k, String(v));
    return `/admin/audit?${q}`;
  };
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <Card>
        <form method="get" className="grid gap-3 md:grid-cols-6" role="search">
          <Field label={t('action')}><input name="action" defaultValue={f.action} placeholder="booking." className={inputClass} /></Field>
          <Field label={t('entity')}><input name="entity" defaultValue={f.entity} placeholder="booking" className={inputClass} /></Field>
          <Field label={t('entityId')}><input name="id" defaultValue={f.id} className={inputClass} /></Field>
          <Field label={t('actor')}><input name="actor" defaultValue={f.actor} className={inputClass} /></Field>
          <Field label={t('from')}><input type="date" name="from" defaultValue={f.from} className={inputClass} /></Field>
          <Field label={t('to')}><input type="date" name="to" defaultValue={f.to} className={inputClass} /></Field>
          <div><button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white">{t('filter')}</button></div>
        </form>
      </Card>
      <p className="my-3 text-sm">{t('count', { count: total })}</p>
      <Card>
        <Table head={[t('when'), t('who'), t('action'), t('entity'), t('change')]}>
          {rows.map((r) => {
            const data = (r.data ?? {}) as { before?: unknown; after?: unknown; note?: string | null };
            return (
              <tr key={r.id}>
                <Td>{r.createdAt.toLocaleString(locale, { timeZone: 'Asia/Bangkok' })}</Td>
                <Td>{r.actorEmail ?? t('systemOrCustomer')}</Td>
                <Td className="font-mono text-xs">{r.action}</Td>
                <Td className="font-mono text-xs">{`${r.entity} ${r.entityId ?? ''}`}</Td>
                <Td>
                  <details>
                    <summary className="cursor-pointer text-brand-800">{data.note ?? t('show')}</summary>
                    <p className="mt-1 text-xs font-semibold">{t('before')}</p>
                    <pre className="max-w-md overflow-x-auto whitespace-pre-wrap text-xs">{JSON.stringify(data.before ?? null, null, 1)}</pre>
                    <p className="mt-1 text-xs font-semibold">{t('after')}</p>
                    <pre className="max-w-md overflow-x-auto whitespace-pre-wrap text-xs">{JSON.stringify(data.after ?? null, null, 1)}</pre>
                  </details>
                </Td>
              </tr>
            );
          })}
        </Table>
        <Pager page={f.page} pages={Math.max(1, Math.ceil(total / PAGE))} href={href} labels={{ previous: t('previous'), next: t('next'), page: t('pages') }} />
      </Card>
    </>
  );
}
