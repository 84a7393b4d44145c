/** Under ['settings'] beside the public settings, so `settings.updated` refreshes both. */
export const adminSettingsKey = ['settings', 'admin'] as const;
