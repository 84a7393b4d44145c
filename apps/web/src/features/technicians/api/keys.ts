export const technicianKeys = {
  all: ['admin', 'technicians'] as const,
  list: ['admin', 'technicians', 'list'] as const,
  options: ['admin', 'technicians', 'options'] as const,
};
