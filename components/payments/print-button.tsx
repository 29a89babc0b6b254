'use client';

export function PrintButton({ label }: { label: string }) {
  return (
    <button type="button" onClick={() => window.print()} className="min-h-11 rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50 print:hidden">
      {label}
    </button>
  );
}
