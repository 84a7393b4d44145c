let loading: Promise<unknown> | null = null;

/** Loads Mantine's complete stylesheet once (see ./mantine-full.ts); later calls share the load. */
export function loadFullStyles(): Promise<unknown> {
  loading ??= import('./mantine-full');
  return loading;
}
