/** Business constants of spec section 9 that the browser uses, and build-time settings. */
export const CODE_COUNTDOWN_SECONDS = 180;
export const NOTICE_POLL_MS = 30_000;
export const SUPPORT_MAIL = import.meta.env.VITE_SUPPORT_MAIL || 'support@example.com';
