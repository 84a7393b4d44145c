/** Query keys of the data management screen (the backup screen keeps its own). */
export const dataKeys = {
  all: ['admin', 'data'] as const,
  imports: ['admin', 'data', 'imports'] as const,
  importJob: (id: string) => ['admin', 'data', 'imports', id] as const,
};
