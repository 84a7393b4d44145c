import { describe, expect, it } from 'vitest';
import type { TBackupList, TAdminUserList } from '@portal/shared';
import { signIn, skipE2e, useBrowserPage } from './browser';
import { api, tokenOf } from './helpers';

const csv = (lines: string[]) => Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');

describe.skipIf(skipE2e())('admin: data management and backups', () => {
  const t = useBrowserPage();

  it('imports an Arabic customer list: a bad row is reported in Arabic, fixed, imported, and the customers are found', async () => {
    const page = t.page;
    await page.goto('/login?lng=ar');
    await signIn(page, 'admin@demo.test');
    await page.goto('/dashboard/data-management?lng=ar');
    const card = page.getByTestId('data-set-customers');
    const input = card.locator('input[type=file]');

    // Row 3's mobile is not a phone number.
    const header = 'email,name,mobile,address';
    const good1 = 'e2e-import-1@example.sa,عبدالرحمن الشهري,+966 55 100 2001,الرياض، حي العليا';
    const good2 = 'e2e-import-2@example.sa,منيرة العتيبي,+966 55 100 2002,جدة، حي الروضة';
    await input.setInputFiles({ name: 'عملاء.csv', mimeType: 'text/csv', buffer: csv([header, good1, 'e2e-import-2@example.sa,منيرة العتيبي,اتصل بي,جدة']) });
    await page.getByTestId('import-check-customers').click();
    const error = page.getByTestId('import-error').first();
    await error.waitFor();
    expect(await error.textContent()).toContain('رقم جوال غير صالح');
    expect(await error.textContent()).toContain('3');
    // The dry run wrote nothing.
    const token = await tokenOf('admin@demo.test');
    const none = await api<TAdminUserList>('/api/admin/users?q=e2e-import', { token });
    expect(none.items).toHaveLength(0);

    // The corrected file: checked, then imported.
    await page.getByTestId('import-panel-close').click();
    await input.setInputFiles({ name: 'عملاء.csv', mimeType: 'text/csv', buffer: csv([header, good1, good2]) });
    await page.getByTestId('import-check-customers').click();
    await page.getByTestId('import-ready').waitFor();
    await page.getByTestId('import-run').click();
    await page.getByTestId('import-done').waitFor();

    await page.goto('/dashboard/users?lng=ar&q=e2e-import');
    await page.getByText('منيرة العتيبي').first().waitFor();
    await page.getByText('عبدالرحمن الشهري').first().waitFor();
    const found = await api<TAdminUserList>('/api/admin/users?q=e2e-import', { token });
    expect(found.items.map((u) => u.email).sort()).toEqual(['e2e-import-1@example.sa', 'e2e-import-2@example.sa']);
  });

  it('downloads a backup, and restoring it from the page brings back the data as it was', async () => {
    const page = t.page;
    await page.goto('/login?lng=en');
    await signIn(page, 'admin@demo.test');
    await page.goto('/dashboard/backup?lng=en');
    let token = await tokenOf('admin@demo.test');
    const before = await api<TBackupList>('/api/admin/backups', { token });
    await page.getByTestId('backup-now').click();
    await expect.poll(async () => (await api<TBackupList>('/api/admin/backups', { token })).items.length, { timeout: 30_000 }).toBe(before.items.length + 1);
    const made = (await api<TBackupList>('/api/admin/backups', { token })).items[0]!;

    // The newest backup is first; it downloads as the file the server holds.
    const download = page.waitForEvent('download');
    await page.getByTestId('backup-download').first().click();
    const file = await download;
    expect(file.suggestedFilename()).toContain(made.id);
    const path = await file.path();
    const { statSync } = await import('node:fs');
    expect(statSync(path).size).toBe(made.size);

    // A change after the backup: a customer comes and the company is renamed.
    const settings = await api<{ company_name: string }>('/api/admin/settings', { token });
    await api('/api/admin/settings', { method: 'PUT', token, body: { company_name: 'Renamed after the backup' } });
    await api('/api/admin/users', { method: 'POST', token, body: { email: 'e2e-after-backup@example.sa', name: 'After Backup', role: 'customer' } });

    await page.getByTestId('backup-restore').first().click();
    await page.getByTestId('restore-confirm-input').waitFor();
    expect(await page.getByTestId('restore-submit').isDisabled()).toBe(true);
    await page.getByTestId('restore-confirm-input').fill('RESTORE');
    await page.getByTestId('restore-submit').click();
    // Everyone is signed out: the page goes to sign-in.
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 60_000 });

    token = await tokenOf('admin@demo.test');
    const after = await api<{ company_name: string }>('/api/admin/settings', { token });
    expect(after.company_name).toBe(settings.company_name);
    const gone = await api<TAdminUserList>('/api/admin/users?q=e2e-after-backup', { token });
    expect(gone.items).toHaveLength(0);
    // What came before the backup (the customers imported above) is still there.
    const kept = await api<TAdminUserList>('/api/admin/users?q=e2e-import', { token });
    expect(kept.items).toHaveLength(2);
  });
});
