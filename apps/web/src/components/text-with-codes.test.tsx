import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp, type Rendered } from '../test-utils/render';
import { splitCodes, TextWithCodes } from './text-with-codes';

describe('TextWithCodes', () => {
  let rendered: Rendered | undefined;
  afterEach(() => {
    rendered?.unmount();
    rendered = undefined;
  });

  it('finds every document number, also glued to Arabic letters or followed by a full stop', () => {
    expect(splitCodes('استُؤنف العمل على الطلب SR-000042.')).toEqual([
      { text: 'استُؤنف العمل على الطلب ', code: false },
      { text: 'SR-000042', code: true },
      { text: '.', code: false },
    ]);
    expect(splitCodes('الموعدAP-000012 وTR-000009، ADJ-000003 GR-000001').filter((p) => p.code).map((p) => p.text)).toEqual([
      'AP-000012',
      'TR-000009',
      'ADJ-000003',
      'GR-000001',
    ]);
    // Not numbers: lower case, too few digits, a phone number.
    expect(splitCodes('sr-000042 SR-12 +966-500000000').every((p) => !p.code)).toBe(true);
    expect(splitCodes('')).toEqual([]);
  });

  it('isolates each number left to right and keeps the text around it as it was', async () => {
    rendered = await renderWithApp(
      <p data-testid="line" dir="auto">
        <TextWithCodes text="تم حجز موعدك AP-000012 للطلب SR-000042." />
      </p>,
      { language: 'ar' },
    );
    const line = document.querySelector('[data-testid=line]')!;
    expect(line.textContent).toBe('تم حجز موعدك AP-000012 للطلب SR-000042.');
    const codes = [...line.querySelectorAll('bdi')];
    expect(codes.map((c) => [c.textContent, c.getAttribute('dir'), (c as HTMLElement).style.whiteSpace])).toEqual([
      ['AP-000012', 'ltr', 'nowrap'],
      ['SR-000042', 'ltr', 'nowrap'],
    ]);
    // The full stop is outside the isolate, so it ends the Arabic sentence.
    expect(line.lastChild?.textContent).toBe('.');
  });
});
