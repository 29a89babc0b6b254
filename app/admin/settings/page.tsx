import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { readEditableSettings } from '@/lib/content/content';
import { ActionForm } from '../_components/action-form';
import { Card, Field, inputClass, PageTitle } from '../_components/ui';
import { saveSettingAction } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin.settings'))('title') };
}

/** Fields for each value of a setting, named by their path (lists as comma-separated text). */
function Fields({ value, prefix = '', label }: { value: unknown; prefix?: string; label: (path: string) => string }) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return (
      <>
        {Object.entries(value).map(([k, v]) => (
          <Fields key={k} value={v} prefix={prefix ? `${prefix}.${k}` : k} label={label} />
        ))}
      </>
    );
  }
  const text = Array.isArray(value) ? value.join(', ') : String(value ?? '');
  return (
    <Field label={label(prefix)}>
      {typeof value === 'boolean' ? (
        <input type="checkbox" name={prefix} defaultChecked={value} />
      ) : (
        <input name={prefix} defaultValue={text} inputMode={typeof value === 'number' ? 'decimal' : undefined} className={inputClass} />
      )}
    </Field>
  );
}

/** Contact numbers, hours, bank details, PromptPay ID, crypto wallets and rates: each group validated on save. */
export default async function SettingsPage() {
  const { db } = await adminPage('settings');
  const t = await getTranslations('admin.settings');
  const settings = await readEditableSettings(db);
  // A field added to a setting later shows its path until it gets a label.
  const label = (key: string) => (path: string) => (t.has(`fields.${key}.${path}` as never) ? t(`fields.${key}.${path}` as never) : path);
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <div className="grid gap-6 lg:grid-cols-2">
        {(Object.keys(settings) as (keyof typeof settings)[]).map((key) => (
          <Card key={key} title={t(`groups.${key}`)}>
            <ActionForm action={saveSettingAction} submit={t('save')} success={t('saved')}>
              <input type="hidden" name="key" value={key} />
              <div className="grid gap-3 md:grid-cols-2">
                <Fields value={settings[key]} label={label(key)} />
              </div>
            </ActionForm>
          </Card>
        ))}
      </div>
    </>
  );
}
