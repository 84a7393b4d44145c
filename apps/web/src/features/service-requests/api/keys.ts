/** Every service-request query lives under ['service-requests'], so one invalidation refreshes them all. */
export const serviceRequestKeys = {
  all: ['service-requests'] as const,
  lists: () => ['service-requests', 'list'] as const,
  detail: (id: string) => ['service-requests', 'detail', id] as const,
  options: () => ['service-requests', 'options'] as const,
  attachment: (url: string) => ['service-requests', 'attachment', url] as const,
  users: (role: string, q: string) => ['service-requests', 'users', role, q] as const,
};
