import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TRestoreResult } from '@portal/shared';
import { ApiError } from '../../../lib/api-client';
import { click, renderWithApp, settle, type Rendered } from '../../../test-utils/render';
import { jsonResponse } from '../../../test-utils/session-factory';
import { makeBackup } from '../test-factories';
import { RestoreModal } from './restore-modal';

async function type(text: string) {
  const input = document.querySelector('[data-testid=restore-confirm-input]') as HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const submit = () => document.querySelector('[data-testid=restore-submit]') as HTMLButtonElement;

describe('restore modal', () => {
  let rendered: Rendered | undefined;
  beforeEach(() => vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, {}))));
  afterEach(() => {
    rendered?.unmount();
    rendered = undefined;
  });

  it('keeps the restore button disabled until RESTORE is typed, exactly', async () => {
    const restore = vi.fn<(id: string) => Promise<TRestoreResult>>();
    rendered = await renderWithApp(<RestoreModal backup={makeBackup()} onClose={() => {}} restore={restore} onRestored={() => {}} progress={null} />);
    expect(document.body.textContent).toContain('This replaces all current data');
    expect(document.querySelector('[data-testid=restore-confirm-input]')?.closest('[dir]')?.getAttribute('dir')).toBe('ltr');
    const word = document.querySelector('[data-testid=restore-modal] label code, label code');
    expect(word?.textContent).toBe('RESTORE');
    expect(word?.getAttribute('dir')).toBe('ltr');
    expect(submit().disabled).toBe(true);
    for (const attempt of ['', 'restore', 'RESTOR', 'RESTORE NOW']) {
      await type(attempt);
      expect(submit().disabled).toBe(true);
    }
    await click(submit());
    expect(restore).not.toHaveBeenCalled();
    await type('RESTORE');
    expect(submit().disabled).toBe(false);
  });

  it('shows the server reason when the restore fails, and stays open to try again', async () => {
    const backup = makeBackup();
    const restore = vi.fn(async () => {
      throw new ApiError({
        status: 409,
        code: 'conflict',
        message: 'This backup comes from a newer version of the portal (14 migrations, this server has 12)',
        details: { reason: 'backup_newer_version' },
      });
    });
    const onRestored = vi.fn();
    rendered = await renderWithApp(<RestoreModal backup={backup} onClose={() => {}} restore={restore} onRestored={onRestored} progress={null} />);
    await type('RESTORE');
    await click(submit());
    await settle(10);
    expect(restore).toHaveBeenCalledWith(backup.id);
    expect(onRestored).not.toHaveBeenCalled();
    const error = document.querySelector('[data-testid=restore-error]')?.textContent;
    expect(error).toContain('nothing was changed');
    expect(error).toContain('The backup comes from a newer version of the portal: update the server first.');
    expect(error).toContain('(14 migrations, this server has 12)');
    expect(submit().disabled).toBe(false);
  });

  it('reports a finished restore', async () => {
    const backup = makeBackup();
    const result: TRestoreResult = { restored: backup, migrated_forward: 0, signed_out: true };
    const onRestored = vi.fn();
    rendered = await renderWithApp(<RestoreModal backup={backup} onClose={() => {}} restore={async () => result} onRestored={onRestored} progress={null} />);
    await type('RESTORE');
    await click(submit());
    await settle(10);
    expect(onRestored).toHaveBeenCalledWith(result);
  });
});
