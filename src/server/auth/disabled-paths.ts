/**
 * better-auth endpoints we switch off because our own routes do the job with our rules:
 * - sign-up (names, promo code, throttles: auth/routes.ts);
 * - resending the verification e-mail (no account enumeration, the owner told the truth by
 *   e-mail: auth/verification-routes.ts);
 * - update-user, which would store any `name` and any `image` (a `javascript:` URL, 100,000
 *   characters): names change through `PATCH /api/profile` and the picture through
 *   `/api/profile/avatar`, each with the profile rules (src/core/profile).
 */
export const AUTH_PATHS_WE_SERVE_OURSELVES = ['/sign-up/email', '/send-verification-email', '/update-user'] as const;
