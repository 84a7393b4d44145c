let shell: Promise<unknown> | null = null;
let pages: Promise<unknown> | null = null;

/** Loads the signed-in shell's and first screens' Mantine styles once (./mantine-shell.ts); later calls share the load. */
export function loadShellStyles(): Promise<unknown> {
  shell ??= import('./mantine-shell');
  return shell;
}

/** Loads the other signed-in pages' Mantine styles once (./mantine-pages.ts), with the shell's. */
export function loadPageStyles(): Promise<unknown> {
  pages ??= Promise.all([loadShellStyles(), import('./mantine-pages')]);
  return pages;
}
