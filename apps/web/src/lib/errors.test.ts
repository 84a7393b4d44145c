import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n';
import { ApiError } from './api-client';
import type { TFunction } from 'i18next';
import { describeError, translateFieldError, translateFormError } from './errors';

describe('describeError', () => {
  it('says the pixel limit when an image is refused for its dimensions, in both languages', async () => {
    const i18n = createI18n();
    const err = new ApiError({
      status: 413,
      code: 'payload_too_large',
      message: 'x',
      fields: { file: 'too_long' },
      details: { width: 16000, height: 16000, max_pixels: 40_000_000, max_side: 12000 },
    });
    await i18n.changeLanguage('en');
    expect(describeError(i18n.t, err)).toBe('The image is 16000×16000 pixels; at most 40 megapixels and 12000 pixels a side are accepted.');
    await i18n.changeLanguage('ar');
    expect(describeError(i18n.t, err)).toContain('16000×16000');
    expect(describeError(i18n.t, err)).toContain('40 ميغابكسل');
    // Any other payload_too_large keeps its general wording.
    expect(describeError(i18n.t, new ApiError({ status: 413, code: 'payload_too_large', message: 'x' }))).toBe('البيانات المرسلة كبيرة جدًا.');
  });
});

describe('translateFormError', () => {
  it("words a form's own codes under its section, and every other code as any field's", () => {
    const t = ((key: string) => `«${key}»`) as unknown as TFunction;
    const own = new Set(['duplicate_item']);
    expect(translateFormError(t, 'duplicate_item', 'transfers', own)).toBe('«transfers.form.errors.duplicate_item»');
    expect(translateFormError(t, 'required', 'transfers', own)).toBe(translateFieldError(t, 'required'));
    expect(translateFormError(t, undefined, 'transfers', own)).toBeUndefined();
  });
});
