import type { ComponentProps, ReactNode } from 'react';
import { PortalForm } from './portal-form';

/**
 * The page an emailed link opens when the link asks for one press (unsubscribe, confirm a waiting-list place, confirm
 * an unpaid hold): a title, what the link is about, and the button. A button rather than the visit itself, since mail
 * scanners open every link. The page decides the state; this draws it.
 */
export function OneButtonPage({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <section className="mx-auto max-w-md px-4 py-10 text-center">
      <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
      {children}
      {footer}
    </section>
  );
}

/** The question and its one button; `fields` go with the press as hidden inputs (the link's own parameters). */
export function OneButtonAsk({ intro, action, button, fields }: { intro: string; action: ComponentProps<typeof PortalForm>['action']; button: string; fields: Record<string, string> }) {
  return (
    <>
      <p className="mt-4 text-gray-700">{intro}</p>
      <div className="mt-6">
        <PortalForm action={action} submit={button} working={button}>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        </PortalForm>
      </div>
    </>
  );
}
