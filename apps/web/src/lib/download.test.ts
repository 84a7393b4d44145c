import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './download';

describe('filenameFromDisposition', () => {
  it('reads a quoted, a bare and an RFC 5987 name', () => {
    expect(filenameFromDisposition('attachment; filename="service-requests-2025-01-02.csv"')).toBe('service-requests-2025-01-02.csv');
    expect(filenameFromDisposition('attachment; filename=list.csv')).toBe('list.csv');
    expect(filenameFromDisposition("attachment; filename=\"a.csv\"; filename*=UTF-8''%D8%B7%D9%84%D8%A8%D8%A7%D8%AA.csv")).toBe('طلبات.csv');
  });

  it('gives null without a name', () => {
    expect(filenameFromDisposition(null)).toBeNull();
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition('attachment; filename=""')).toBeNull();
  });
});
