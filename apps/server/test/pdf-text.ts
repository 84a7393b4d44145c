import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * pdftotext's text of a PDF, without the bidi marks it adds (they say nothing about order); null
 * when poppler is not installed, which the browser tests' machine (REQUIRE_E2E=1) refuses.
 */
export function pdfText(pdf: Buffer): string | null {
  const file = path.join(os.tmpdir(), `pdf-text-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    if (process.env.REQUIRE_E2E === '1') throw new Error('pdftotext is required (apt-get install poppler-utils)');
    console.warn('pdftotext is not installed: the PDF text is not checked');
    return null;
  } finally {
    fs.rmSync(file, { force: true });
  }
}
