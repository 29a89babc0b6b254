import type { StaffRole } from '@/lib/auth/staff';

/**
 * The menu's groups, in the order it shows them: the counter's day first, then money, customers, units, what
 * customers read, and how the business is set up.
 */
export const ADMIN_SECTION_GROUPS = ['overview', 'money', 'customers', 'units', 'content', 'settings'] as const;
export type AdminSectionGroup = (typeof ADMIN_SECTION_GROUPS)[number];

/**
 * The staff area's sections, their addresses and the role each needs. The navigation shows a section only to those
 * who may open it; every page, action and route of a section checks the same role on the server
 * (app/admin/access.integration.test.ts holds every file of app/admin to it).
 * Admins alone change what customers pay or read and who may sign in; staff run the daily work.
 */
export const ADMIN_SECTIONS = [
  { key: 'dashboard', href: '/admin', folder: '', role: 'staff', group: 'overview' },
  { key: 'today', href: '/admin/today', folder: 'today', role: 'staff', group: 'overview' },
  { key: 'bookings', href: '/admin/bookings', folder: 'bookings', role: 'staff', group: 'customers' },
  { key: 'payments', href: '/admin/payments', folder: 'payments', role: 'staff', group: 'money' },
  { key: 'invoices', href: '/admin/invoices', folder: 'invoices', role: 'staff', group: 'money' },
  { key: 'units', href: '/admin/units', folder: 'units', role: 'staff', group: 'units' },
  { key: 'waitingList', href: '/admin/waiting-list', folder: 'waiting-list', role: 'staff', group: 'customers' },
  { key: 'reviews', href: '/admin/reviews', folder: 'reviews', role: 'staff', group: 'content' },
  { key: 'conversations', href: '/admin/conversations', folder: 'conversations', role: 'staff', group: 'customers' },
  { key: 'unitTypes', href: '/admin/unit-types', folder: 'unit-types', role: 'admin', group: 'units' },
  { key: 'promoCodes', href: '/admin/promo-codes', folder: 'promo-codes', role: 'admin', group: 'money' },
  { key: 'translations', href: '/admin/translations', folder: 'translations', role: 'admin', group: 'content' },
  { key: 'legal', href: '/admin/legal', folder: 'legal', role: 'admin', group: 'content' },
  { key: 'settings', href: '/admin/settings', folder: 'settings', role: 'admin', group: 'settings' },
  { key: 'staff', href: '/admin/staff', folder: 'staff', role: 'admin', group: 'settings' },
  { key: 'audit', href: '/admin/audit', folder: 'audit', role: 'admin', group: 'settings' },
  { key: 'exports', href: '/admin/exports', folder: 'exports', role: 'admin', group: 'money' },
  { key: 'jobs', href: '/admin/jobs', folder: 'jobs', role: 'admin', group: 'settings' },
] as const satisfies readonly { key: string; href: string; folder: string; role: StaffRole; group: AdminSectionGroup }[];

export type AdminSectionKey = (typeof ADMIN_SECTIONS)[number]['key'];

/**
 * Folders of app/admin outside the sections above: the booking review and proof files (staff), the own-account
 * page and the own alerts page (any signed-in staff member; opened from the alerts badge) and the sign-in page
 * (public by nature).
 */
export const OTHER_ADMIN_FOLDERS: Record<string, StaffRole | 'public'> = {
  'booking-review': 'staff',
  proofs: 'staff',
  // customers' identity documents, opened from the booking review
  identity: 'staff',
  // the search across bookings, invoices, units and people (each kind filtered by role inside)
  search: 'staff',
  account: 'staff',
  notifications: 'staff',
  'sign-in': 'public',
};

/** The role a file under app/admin/<folder>/… needs, from its first folder. */
export function roleForAdminFolder(folder: string): StaffRole | 'public' | null {
  const section = ADMIN_SECTIONS.find((s) => s.folder === folder);
  if (section) return section.role;
  return OTHER_ADMIN_FOLDERS[folder] ?? null;
}
