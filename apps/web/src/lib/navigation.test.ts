import { describe, expect, it } from 'vitest';
import { can, ROLES, type Role } from '@portal/shared';
import { DASHBOARD_ROUTES, BOOK_APPOINTMENT_REQUIRES } from '../app/dashboard-routes';
import { holdsAll, isNavItemActive, NAV_ITEMS, navItemsFor } from './navigation';
import en from '@portal/shared/locales/en.json';
import { PRODUCT_SIDEBAR } from '../test-utils/product-sidebar';

const label = (role: Role) => navItemsFor(role).map((item) => (en.nav as Record<string, string>)[item.labelKey.slice(4)]);

describe('sidebar by role (derived from the capability table)', () => {
  it.each(['customer', 'technician', 'admin'] as const)('%s sees exactly the PRODUCT.md items, in order', (role) => {
    expect(label(role)).toEqual(PRODUCT_SIDEBAR[role]);
  });

  it('whs_supervisor sees exactly the PRODUCT.md items', () => {
    expect([...label('whs_supervisor')].sort()).toEqual([...PRODUCT_SIDEBAR.whs_supervisor].sort());
  });

  it('technician service orders go to tasks, admin service orders to service-orders', () => {
    expect(navItemsFor('technician').find((i) => i.labelKey === 'nav.tasks')?.to).toBe('/dashboard/tasks');
    expect(navItemsFor('admin').find((i) => i.labelKey === 'nav.serviceOrders')?.to).toBe('/dashboard/service-orders');
  });

  it('a missing or unknown role sees nothing', () => {
    expect(navItemsFor(null)).toEqual([]);
    expect(navItemsFor('superuser' as Role)).toEqual([]);
  });

  it('ids are unique', () => {
    const ids = NAV_ITEMS.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('every sidebar link opens a page the role may use', () => {
  const routeFor = (to: string) => {
    if (to === '/dashboard') return { requires: [] as const };
    if (to === '/book-appointment') return { requires: BOOK_APPOINTMENT_REQUIRES };
    return DASHBOARD_ROUTES.find((route) => `/dashboard/${route.path}` === to);
  };

  it.each([...ROLES])('%s', (role) => {
    for (const item of navItemsFor(role)) {
      const route = routeFor(item.to);
      expect(route, `${item.id} → ${item.to} has a route`).toBeDefined();
      expect(holdsAll(role, route!.requires), `${role} may open ${item.to}`).toBe(true);
    }
  });

  it('routes name only capabilities that some role holds', () => {
    for (const route of DASHBOARD_ROUTES) {
      for (const capability of route.requires) {
        expect(ROLES.some((role) => can(role, capability)), `${route.path}: ${capability}`).toBe(true);
      }
    }
  });
});

describe('isNavItemActive', () => {
  const dashboard = NAV_ITEMS.find((item) => item.id === 'dashboard')!;
  const requests = NAV_ITEMS.find((item) => item.id === 'service-requests')!;

  it('matches the dashboard index only exactly', () => {
    expect(isNavItemActive(dashboard, '/dashboard')).toBe(true);
    expect(isNavItemActive(dashboard, '/dashboard/')).toBe(true);
    expect(isNavItemActive(dashboard, '/dashboard/profile')).toBe(false);
  });

  it('matches a section and the pages below it', () => {
    expect(isNavItemActive(requests, '/dashboard/service-requests')).toBe(true);
    expect(isNavItemActive(requests, '/dashboard/service-requests/123')).toBe(true);
    expect(isNavItemActive(requests, '/dashboard/service-requests-old')).toBe(false);
  });
});
