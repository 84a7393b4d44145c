/** Every appointment query lives under ['appointments'], so one invalidation refreshes them all. */
export const appointmentKeys = {
  all: ['appointments'] as const,
  lists: () => ['appointments', 'list'] as const,
  calendar: () => ['appointments', 'calendar'] as const,
  details: () => ['appointments', 'detail'] as const,
  detail: (id: string) => ['appointments', 'detail', id] as const,
  availability: (id: string, date: string | null) => ['appointments', 'availability', id, date] as const,
};
