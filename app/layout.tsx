import type { ReactNode } from 'react';
import './globals.css';

// Each section (app/[locale], app/admin) renders its own <html> so the lang attribute follows the locale.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
