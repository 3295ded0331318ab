import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { sessionOf, txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { takeThrottle, throttleRefusal } from '../http/throttle.ts';
import { asLoginRole } from '../db/login-role.ts';
import { buildExport } from './export/export-document.ts';
import { EXPORTERS } from './export/exporters.ts';

const EXPORTS_PER_HOUR = 10;

/** "Download my data": everything the signed-in user owns, as one JSON file. */
export function exportRoutes(deps: Deps) {
  const app = createRouter();
  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/account/export',
      summary: 'Everything the signed-in user owns, as a JSON attachment',
      responses: {
        200: {
          description: 'The export',
          content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
        },
        429: { description: 'Too many exports this hour' },
      },
    }),
    async (c) => {
      const session = sessionOf(c);
      const tx = txOf(c);
      // Counted only when the export is made: a refused request rolls its count back.
      const throttle = await asLoginRole(tx, (t) =>
        takeThrottle(t, `export:${session.userId}`, EXPORTS_PER_HOUR, 3600),
      );
      if (!throttle.allowed)
        throw throttleRefusal('RATE_LIMITED', 'Too many requests. Please wait before trying again', throttle);
      const now = new Date();
      const document = await buildExport(
        EXPORTERS,
        {
          tx,
          subject: { userId: session.userId, email: session.email, emailVerified: session.emailVerified },
          storage: deps.storage,
        },
        now,
      );
      return c.body(JSON.stringify(document, null, 2), 200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="savvypig-data-${calendarDateInLondon(now)}.json"`,
        'Cache-Control': 'no-store',
      });
    },
  );
  return app;
}
