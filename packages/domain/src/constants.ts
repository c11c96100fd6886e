/** Business constants (spec 1 §9). */
export const PRODUCT_NAME = 'Paço';
export const BUILD_LABEL = '2.0';
export const NOT_FOUND_DELAY_MS = 7000;
export const NOTIFICATIONS_DELAY_MS = 2000;
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const UNSIGNED_ERROR_THRESHOLD = 20;
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_HEIGHT_PX = 2;
export const PAGE_LOAD_MIN_DELAY_MS = 200;
export const SUCCESS_TOAST_MS = 3000;
export const ERROR_TOAST_MS = 5000;
export const ERROR_TOAST_EXTRA_MS = 1000;
export const THEME = { primary: '#1976d2', secondary: '#ff8f00', error: '#dd2c00', success: '#00e676' } as const;
export const DEFAULT_PER_PAGE = 15;
export const MAX_PER_PAGE = 100;
/** "Vence em breve": a deadline at most this many days away (the list's note and filter, inbox entries, the reminders). */
export const DEADLINE_SOON_DAYS = 5;
