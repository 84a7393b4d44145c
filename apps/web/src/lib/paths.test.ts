import { describe, expect, it } from 'vitest';
import { dashboardChild, paths } from './paths';

describe('paths', () => {
  it('builds a record page from its id, and gives the router its pattern', () => {
    expect(paths.transfer('3f1c')).toBe('/dashboard/transfers/3f1c');
    expect(paths.transfer.pattern).toBe('/dashboard/transfers/:id');
    expect(paths.goodsReceiptPrint('g1')).toBe('/dashboard/goods-receipts/g1/print');
    // An id is one path segment, whatever it holds.
    expect(paths.serviceRequest('a/b c')).toBe('/dashboard/service-requests/a%2Fb%20c');
  });

  it('names a dashboard page relative to the shell', () => {
    expect(dashboardChild(paths.requestDesk)).toBe('admin/service-requests');
    expect(dashboardChild(paths.appointment.pattern)).toBe('appointments/:id');
    expect(() => dashboardChild(paths.login)).toThrow();
  });
});
