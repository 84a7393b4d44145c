import type { ReactNode } from 'react';

/**
 * Emails, phone numbers and codes read left to right, also inside Arabic text, while the
 * surrounding line keeps the page's alignment. `nowrap` for a code inside a sentence
 * (SR-000042): never broken across lines, its full stop kept after it.
 */
export function Ltr({ children, nowrap = false }: { children: ReactNode; nowrap?: boolean }) {
  return (
    <bdi dir="ltr" style={nowrap ? { whiteSpace: 'nowrap' } : undefined}>
      {children}
    </bdi>
  );
}
