let loading: Promise<unknown> | null = null;

/** Loads the signed-in app's Mantine styles once (see ./mantine-full.ts); later calls share the load. */
export function loadFullStyles(): Promise<unknown> {
  loading ??= import('./mantine-full');
  return loading;
}
