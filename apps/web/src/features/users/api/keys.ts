/** Query keys of the users screen; the technicians screen keeps its own (features never import each other). */
export const userKeys = {
  all: ['admin', 'users'] as const,
  list: ['admin', 'users', 'list'] as const,
};
