import type { ReactNode } from 'react';

/**
 * Emails, phone numbers and codes read left to right, also inside Arabic text, while the
 * surrounding line keeps the page's alignment.
 */
export function Ltr({ children }: { children: ReactNode }) {
  return (
    <span dir="ltr" style={{ unicodeBidi: 'isolate' }}>
      {children}
    </span>
  );
}
