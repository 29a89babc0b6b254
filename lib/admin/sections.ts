import type { StaffRole } from '@/lib/auth/roles';

/**
 * The menu's groups, in the order it shows them: the counter's day first, then money, customers, units, what
 * customers read, and how the business is set up.
 */
export const ADMIN_SECTION_GROUPS = ['overview', 'money', 'customers', 'units', 'content', 'settings'] as const;
export type AdminSectionGroup = (typeof ADMIN_SECTION_GROUPS)[number];

/**
 * The staff area's sections, their addresses and the role each needs. The navigation shows a section only to those
 * who may open it; every page, action and route of a section names its section to the wrappers in lib/admin/guard.ts,
 * which read the role from here (app/admin/guards.test.ts holds every file of app/admin to it).
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
  { key: 'privacy', href: '/admin/privacy', folder: 'privacy', role: 'admin', group: 'customers' },
  { key: 'breaches', href: '/admin/breaches', folder: 'breaches', role: 'admin', group: 'customers' },
] as const satisfies readonly { key: string; href: string; folder: string; role: StaffRole; group: AdminSectionGroup }[];

export type AdminSectionKey = (typeof ADMIN_SECTIONS)[number]['key'];

/**
 * Folders of app/admin outside the sections above, each with the role its pages, actions and routes need: the booking
 * review and proof files (staff), the own-account page and the own alerts page (any signed-in staff member; opened
 * from the alerts badge). They have no menu entry but go through the same wrappers.
 */
export const OTHER_ADMIN_AREAS = [
  { key: 'bookingReview', folder: 'booking-review', role: 'staff' },
  { key: 'proofs', folder: 'proofs', role: 'staff' },
  // customers' identity documents, opened from the booking review
  { key: 'identity', folder: 'identity', role: 'staff' },
  // the search across bookings, invoices, units and people (each kind filtered by role inside)
  { key: 'search', folder: 'search', role: 'staff' },
  { key: 'account', folder: 'account', role: 'staff' },
  { key: 'notifications', folder: 'notifications', role: 'staff' },
] as const satisfies readonly { key: string; folder: string; role: StaffRole }[];

/** A name the page, action and route wrappers take: a section of the menu or one of the other areas. */
export type AdminAreaKey = AdminSectionKey | (typeof OTHER_ADMIN_AREAS)[number]['key'];

/** Folders of app/admin that need no staff session at all (the sign-in page and its actions). */
export const PUBLIC_ADMIN_FOLDERS = ['sign-in'] as const;

const AREAS: readonly { key: AdminAreaKey; folder: string; role: StaffRole }[] = [...ADMIN_SECTIONS, ...OTHER_ADMIN_AREAS];

/** The role an area needs: the one declaration above, read by the wrappers. */
export function roleForArea(key: AdminAreaKey): StaffRole {
  const area = AREAS.find((a) => a.key === key);
  if (!area) throw new Error(`unknown admin area: ${key}`);
  return area.role;
}

/** The area a file under app/admin/<folder>/… belongs to, from its first folder ('public' for the sign-in). */
export function areaForAdminFolder(folder: string): AdminAreaKey | 'public' | null {
  if ((PUBLIC_ADMIN_FOLDERS as readonly string[]).includes(folder)) return 'public';
  return AREAS.find((a) => a.folder === folder)?.key ?? null;
}

/** The role a file under app/admin/<folder>/… needs, from its first folder. */
export function roleForAdminFolder(folder: string): StaffRole | 'public' | null {
  const area = areaForAdminFolder(folder);
  return area === null || area === 'public' ? area : roleForArea(area);
}
