import { ResponseFloor } from './http/timing.ts';
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimitByLength } from './http/body-limit.ts';
import { AppError, errorBody } from './errors.ts';
import { accountRoutes } from './auth/routes.ts';
import { CLIENT_IP_HEADER } from './auth/auth.ts';
import { contactRoutes } from './contact/routes.ts';
import { devMailRoutes } from './dev/mail-routes.ts';
import { healthRoutes } from './health/routes.ts';
import { diagnosticsRoutes } from './diagnostics/routes.ts';
import { debugRoutes } from './diagnostics/debug-routes.ts';
import { declareAccess } from './http/access.ts';
import { compressAnswers } from './http/compression.ts';
import type { AppEnv, Deps } from './http/context.ts';
import { requestContext, securityHeaders } from './http/middleware.ts';
import { refuseNulCharacters } from './http/nul-guard.ts';
import { handleError } from './http/on-error.ts';
import { mountOpenApi } from './http/openapi.ts';
import { findDistDir, mountSpa } from './http/spa.ts';
import { realtimeRoutes } from './realtime/routes.ts';
import { profileRoutes } from './profile/routes.ts';
import { endIdleSessionsBeforeAuth } from './session/idle.ts';
import { sessionRoutes } from './session/routes.ts';
import { AVATAR_UPLOAD_PATH, avatarRoutes } from './avatars/routes.ts';
import { settingsRoutes } from './settings/routes.ts';
import { sessionsRoutes } from './account/sessions-routes.ts';
import { exportRoutes } from './account/export-routes.ts';
import { deleteAccountRoutes } from './account/delete-routes.ts';
import { consentRoutes, consentScriptOrigins } from './consent/routes.ts';
import { verificationRoutes } from './auth/verification-routes.ts';
import { originCheck } from './http/origin-check.ts';
import { referenceRoutes } from './reference/routes.ts';
import { reviewItemRoutes } from './admin/review-items-routes.ts';
import { adminContactRoutes } from './admin/contact-routes.ts';
import { adminAuditLogRoutes } from './admin/audit-log-routes.ts';
import { bankDataImportRoutes, IMPORT_UPLOAD_PATH } from './reference/import/routes.ts';
import { bankDataAdminRoutes } from './reference/admin-data-routes.ts';
import { accountsRoutes } from './accounts/routes.ts';
import { standingOrderRoutes } from './standing-orders/routes.ts';
import { transactionRoutes } from './transactions/routes.ts';
import { balanceRoutes } from './balance/routes.ts';
import { accountTypeRoutes } from './account-types/routes.ts';
import {
  IMPORT_BODY_LIMIT_BYTES,
  isTransactionImportPath,
  transactionImportRoutes,
} from './transaction-import/routes.ts';
import { accountDetailRoutes } from './account-detail/routes.ts';
import { protectionRoutes } from './protection/routes.ts';
import { termRoutes } from './terms/routes.ts';
import { smartPigRoutes } from './smart-pig/routes.ts';
import { adminSubscriptionRoutes } from './subscriptions/admin-routes.ts';
import { adminUserRoutes } from './admin/users/routes.ts';
import { subscriptionRoutes } from './subscriptions/routes.ts';
import { billingRoutes } from './billing/routes.ts';
import { downgradeRoutes } from './subscriptions/downgrade-routes.ts';
import { isaRoutes } from './isa/routes.ts';
import { pensionRoutes } from './pension/routes.ts';
import { balanceSeriesRoutes } from './balance-series/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { savingsTaxRoutes } from './savings-tax/routes.ts';
import { signedInHint } from './session/signed-in-hint.ts';
import { isSupportUploadPath, supportRoutes } from './support/routes.ts';
import { adminSupportRoutes } from './support/admin-routes.ts';
import { newsRoutes } from './news/routes.ts';
import { adminNewsRoutes } from './news/admin-routes.ts';
import { crmAdminRoutes } from './crm/admin-routes.ts';
import { footerRoutes } from './footer/routes.ts';
import { openBankingRoutes } from './open-banking/routes.ts';
import { metricsRoutes } from './metrics/routes.ts';
import { systemRoutes } from './metrics/system-routes.ts';
import { contentRoutes } from './content/routes.ts';
import { contentPageFor, mountSitemap, withPageHead } from './content/page-head.ts';

export type AppOptions = { databaseVersion: string; serveSpa?: boolean; distDir?: string };

/** Builds the HTTP application from its dependencies; index.ts only boots and serves it. */
const PASSWORD_RESET_REQUEST_PATH = '/api/auth/request-password-reset';

export function createApp(deps: Deps, options: AppOptions) {
  const app = new OpenAPIHono<AppEnv>();
  const isProduction = deps.config.NODE_ENV === 'production';
  /** Sign-up and the reset request answer no sooner than recent new accounts took (http/timing.ts). */
  const signUpFloor = new ResponseFloor(deps.config.SIGN_UP_MIN_RESPONSE_MS);

  app.use('*', requestContext(deps.logger, deps.config.TRUST_PROXY, deps.metrics));
  app.use(
    '*',
    securityHeaders(isProduction, deps.config.publicUrl.startsWith('https://'), consentScriptOrigins(deps.config)),
  );
  app.use('*', signedInHint({ secure: deps.config.publicUrl.startsWith('https://') }));
  // Inside the security headers (they go on the compressed answer), outside every route's
  // transaction (compressing never holds a database connection).
  app.use('/api/*', compressAnswers());
  const tooLarge = () => {
    throw new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large');
  };
  const defaultBodyLimit = bodyLimitByLength(deps.config.BODY_LIMIT_BYTES, tooLarge);
  const importBodyLimit = bodyLimitByLength(Math.max(deps.config.BODY_LIMIT_BYTES, IMPORT_BODY_LIMIT_BYTES), tooLarge);
  // Upload routes set their own limit. GET and HEAD carry no body, and checking one would make the
  // node server build a full Request per read (garbage that costs p99 latency; docs/performance.md).
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' ||
    c.req.method === 'HEAD' ||
    c.req.path === AVATAR_UPLOAD_PATH ||
    isSupportUploadPath(c.req.path)
      ? next()
      : isTransactionImportPath(c.req.path)
        ? importBodyLimit(c, next)
        : defaultBodyLimit(c, next),
  );

  app.use('/api/*', originCheck(deps.config.trustedOrigins));
  app.use(
    '/api/*',
    refuseNulCharacters({
      skipsBody: (path) => path === AVATAR_UPLOAD_PATH || path === IMPORT_UPLOAD_PATH || isSupportUploadPath(path),
    }),
  );

  // better-auth owns /api/auth/*; it sees the client address only through our own header.
  declareAccess('GET', '/api/auth/*', 'public');
  declareAccess('POST', '/api/auth/*', 'public');
  app.use('/api/auth/*', endIdleSessionsBeforeAuth(deps));
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.get('clientIp'));
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    // Through Hono's body cache: the NUL guard may have read the body already. An empty body is
    // none, as it arrived (better-auth answers 415 to a body without a content type).
    const body = hasBody ? await c.req.arrayBuffer() : undefined;
    const startedAt = performance.now();
    const response = await deps.auth.handler(
      new Request(c.req.raw.url, { method: c.req.method, headers, body: body?.byteLength ? body : undefined }),
    );
    // A reset request for a registered address makes a token and an e-mail; for an unknown one,
    // nothing. Both answer alike, and no sooner than the sign-up floor, so the time tells nothing.
    if (c.req.path === PASSWORD_RESET_REQUEST_PATH) await signUpFloor.wait(startedAt);
    return response;
  });

  app.route('/', healthRoutes(deps, options.databaseVersion));
  app.route('/', accountRoutes(deps, signUpFloor));
  app.route('/', profileRoutes(deps));
  app.route('/', avatarRoutes(deps));
  app.route('/', settingsRoutes(deps));
  app.route('/', sessionsRoutes(deps));
  app.route('/', exportRoutes(deps));
  app.route('/', deleteAccountRoutes(deps));
  app.route('/', contactRoutes(deps));
  app.route('/', devMailRoutes(deps));
  app.route('/', realtimeRoutes(deps));
  app.route('/', sessionRoutes(deps));
  app.route('/', verificationRoutes(deps));
  app.route('/', consentRoutes(deps));
  app.route('/', referenceRoutes(deps));
  app.route('/', reviewItemRoutes(deps));
  app.route('/', adminContactRoutes(deps));
  app.route('/', adminAuditLogRoutes(deps));
  app.route('/', bankDataImportRoutes(deps));
  app.route('/', bankDataAdminRoutes(deps));
  app.route('/', accountsRoutes(deps));
  app.route('/', standingOrderRoutes(deps));
  app.route('/', transactionRoutes(deps));
  app.route('/', balanceRoutes(deps));
  app.route('/', accountTypeRoutes(deps));
  app.route('/', transactionImportRoutes(deps));
  app.route('/', accountDetailRoutes(deps));
  app.route('/', protectionRoutes(deps));
  app.route('/', smartPigRoutes(deps));
  app.route('/', isaRoutes(deps));
  app.route('/', pensionRoutes(deps));
  app.route('/', balanceSeriesRoutes(deps));
  app.route('/', termRoutes(deps));
  app.route('/', dashboardRoutes(deps));
  app.route('/', savingsTaxRoutes(deps));
  app.route('/', notificationRoutes(deps));
  app.route('/', diagnosticsRoutes(deps));
  app.route('/', debugRoutes(deps));
  app.route('/', subscriptionRoutes(deps));
  app.route('/', billingRoutes(deps));
  app.route('/', adminSubscriptionRoutes(deps));
  app.route('/', adminUserRoutes(deps));
  app.route('/', downgradeRoutes(deps));
  app.route('/', supportRoutes(deps));
  app.route('/', adminSupportRoutes(deps));
  app.route('/', newsRoutes(deps));
  app.route('/', adminNewsRoutes(deps));
  app.route('/', crmAdminRoutes(deps));
  app.route('/', footerRoutes(deps));
  app.route('/', openBankingRoutes(deps));
  app.route('/', metricsRoutes(deps));
  app.route('/', systemRoutes(deps));
  app.route('/', contentRoutes(deps));
  mountOpenApi(app, deps.version);

  app.all('/api/*', (c) => c.json(errorBody('NOT_FOUND', `No API route ${c.req.method} ${c.req.path}`), 404));
  mountSitemap(app, deps);
  if (options.serveSpa !== false)
    mountSpa(app, options.distDir ?? findDistDir(), { pageFor: contentPageFor(deps), withHead: withPageHead });
  app.notFound((c) => c.json(errorBody('NOT_FOUND', 'Not found'), 404));
  app.onError(handleError);
  return app;
}

export type App = ReturnType<typeof createApp>;
