import type { Role } from '../db-schema';

/** Which role may open which path. Everything not listed is public. */
const ADMIN_PAGES = [
  '/dashboard', '/editministerofficeremp', '/editabout', '/slider', '/editlatestnews', '/editnotice',
  '/editcircular', '/editofficeorder', '/edittender', '/editgallery', '/editpressrelease', '/audit',
];
const USER_PAGES = ['/userdashboard', '/inquiry', '/account'];

export type Access = { kind: 'public' } | { kind: 'page' | 'api'; roles: readonly Role[] };

export function accessFor(pathname: string): Access {
  const path = pathname.replace(/\/+$/, '') || '/';
  const lower = path.toLowerCase();
  if (lower.startsWith('/api/admin/')) return { kind: 'api', roles: ['admin'] };
  if (lower.startsWith('/api/user/')) return { kind: 'api', roles: ['admin', 'user'] };
  if (ADMIN_PAGES.includes(lower)) return { kind: 'page', roles: ['admin'] };
  if (USER_PAGES.includes(lower)) return { kind: 'page', roles: ['admin', 'user'] };
  return { kind: 'public' };
}

export function homeFor(role: Role): string {
  return role === 'admin' ? '/dashboard' : '/userdashboard';
}
