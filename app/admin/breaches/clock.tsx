import { getTranslations } from 'next-intl/server';
import { BREACH_NOTIFY_HOURS, regulatorClock } from '@/lib/privacy/breaches';
import { Badge } from '../_components/ui';

/** The regulator's 72-hour clock of one breach as a badge: told (late or on time), hours left, or overdue. */
export async function BreachClock({ breach, when }: { breach: { discoveredAt: Date; regulatorNotifiedAt: Date | null }; when: (d: Date) => string }) {
  const t = await getTranslations('admin.breaches');
  const clock = regulatorClock(breach);
  if (clock.state === 'notified') return <Badge tone={clock.late ? 'amber' : 'green'}>{t(clock.late ? 'notifiedLate' : 'notified', { date: when(breach.regulatorNotifiedAt!) })}</Badge>;
  if (clock.state === 'overdue') return <Badge tone="red">{t('overdue', { hours: BREACH_NOTIFY_HOURS, deadline: when(clock.deadline) })}</Badge>;
  return <Badge tone="amber">{t('hoursLeft', { hours: clock.hoursLeft, deadline: when(clock.deadline) })}</Badge>;
}
