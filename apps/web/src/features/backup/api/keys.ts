/** Query keys of the backup screen (the data management screen keeps its own). */
export const backupKeys = {
  all: ['admin', 'backups'] as const,
  list: ['admin', 'backups', 'list'] as const,
};
