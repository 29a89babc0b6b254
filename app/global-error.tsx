'use client';
import { splitLocale, toLocale } from '@/lib/i18n/routing';

import './globals.css';

/**
 * Last-resort boundary when the root layout itself fails: no layout means no next-intl provider, so the three
 * translations of messages `errorPage` are repeated here and picked from the URL's locale prefix.
 */
const TEXTS = {
  en: {
    title: 'Something went wrong',
    text: 'We encountered an unexpected error. Please try refreshing the page.',
    details: 'Error details',
    reference: 'Reference:',
    refresh: 'Refresh Page',
  },
  th: {
    title: 'เกิดข้อผิดพลาดบางอย่าง',
    text: 'เกิดข้อผิดพลาดที่ไม่คาดคิด โปรดลองรีเฟรชหน้านี้',
    details: 'รายละเอียดข้อผิดพลาด',
    reference: 'รหัสอ้างอิง:',
    refresh: 'รีเฟรชหน้า',
  },
  ru: {
    title: 'Что-то пошло не так',
    text: 'Произошла непредвиденная ошибка. Попробуйте обновить страницу.',
    details: 'Подробности ошибки',
    reference: 'Код ошибки:',
    refresh: 'Обновить страницу',
  },
} as const;

function currentLocale(): keyof typeof TEXTS {
  if (typeof window === 'undefined') return 'en';
  return toLocale(splitLocale(window.location.pathname).locale);
}

export default function GlobalError({ error }: { error: Error & { digest?: string }; reset: () => void }) {
  const locale = currentLocale();
  const t = TEXTS[locale];
  return (
    <html lang={locale}>
      <body className="font-sans">
        <main role="alert" className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center">
          <h1 className="text-3xl font-bold text-slate-900">{t.title}</h1>
          <p className="mt-3 text-lg text-slate-700">{t.text}</p>
          <details className="mt-6 w-full max-w-md rounded-lg border border-slate-200 bg-slate-50 p-4 text-left text-sm text-slate-700">
            <summary className="cursor-pointer font-semibold">{t.details}</summary>
            {error.message && <p className="mt-2 break-words font-mono">{error.message}</p>}
            {error.digest && (
              <p className="mt-2 font-mono">
                {t.reference} {error.digest}
              </p>
            )}
          </details>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="mt-8 rounded-lg bg-teal-700 px-5 py-3 font-semibold text-white hover:bg-teal-800"
          >
            {t.refresh}
          </button>
        </main>
      </body>
    </html>
  );
}
