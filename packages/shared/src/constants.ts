/** Business constants of PRODUCT.md §9, shared by server and web. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NOTIFICATIONS_PAGE_SIZE = 50;
export const TOAST_DURATION_MS = 5_000;
/** Toasts on screen at once (issue #24: more piled up over titles and buttons on a phone); the rest wait. */
export const TOAST_LIMIT = 2;
export const TOKEN_REFRESH_TICK_MS = 30_000;
export const TOKEN_REFRESH_MARGIN_TICKS = 3;
export const QUERY_STALE_TIME_MS = 30_000;
export const QUERY_RETRY = 1;
export const RETRY_ATTEMPTS = 3;
export const RETRY_BASE_DELAY_MS = 1_000;
export const HEALTH_CACHE_MS = 30_000;
export const REALTIME_HEARTBEAT_MS = 30_000;
export const REALTIME_JOIN_TIMEOUT_MS = 10_000;
export const REALTIME_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000] as const;
export const REALTIME_CLIENT_EVENTS_PER_SECOND = 2;
export const RECOVERY_CODE_TTL_MS = 60 * 60 * 1000;
export const LANGUAGES = ['ar', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ar';
/**
 * The cookie that carries the visitor's language choice (i18next's own name for it), so that the
 * server can send the sign-in page in it; the web app keeps it beside localStorage.
 */
export const LANGUAGE_COOKIE = 'i18next';
