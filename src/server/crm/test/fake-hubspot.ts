/**
 * A local stand-in for HubSpot's API: the paths `@hubspot/api-client` calls for contacts (create,
 * read, update, archive, GDPR delete, list), contact search by e-mail, tickets, and contact
 * properties and property groups. Like HubSpot it keeps e-mails unique (409 naming the existing
 * id). Switches make the next requests answer 429 with Retry-After, 500, hang (a timeout), or fail
 * with 503 during an outage that ends. Every request is logged with its arrival time (never its
 * token), so tests can measure the rate and count contacts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;
export type FakeContact = { id: string; properties: Record<string, string>; archived: boolean; createdAt: string };
export type FakeRequestLog = { method: string; path: string; at: number; status: number; authorised: boolean };

export type FakeHubSpot = {
  url: string;
  /** Every request received, in arrival order (including refused ones). */
  requests: FakeRequestLog[];
  /** Live (not archived or erased) contacts. */
  contacts(): FakeContact[];
  contactByEmail(email: string): FakeContact | undefined;
  /** How many contacts were ever created with this e-mail (a duplicate shows as more than one). */
  createdCount(email: string): number;
  tickets: { id: string; properties: Record<string, string>; contactId: string | null }[];
  properties: Map<string, Json>;
  groups: Set<string>;
  /** The next `count` requests answer 429 with `Retry-After: seconds`. */
  rateLimitNext(retryAfterSeconds: number, count?: number): void;
  /** The next `count` requests answer 500. */
  failNext(count?: number, status?: number): void;
  /** The next `count` requests get no answer at all (the client's timeout must end them). */
  hangNext(count?: number): void;
  /** Every request answers 503 until `endOutage` (or for `ms` when given). */
  startOutage(ms?: number): void;
  endOutage(): void;
  /** Only this bearer token is accepted (any non-empty one when unset). */
  expectToken(token: string): void;
  stop(): Promise<void>;
};

const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body === undefined ? '' : JSON.stringify(body));
};
const noContent = (res: http.ServerResponse) => {
  res.writeHead(204);
  res.end();
};
const error = (res: http.ServerResponse, status: number, message: string, category: string) =>
  json(res, status, { status: 'error', message, correlationId: '00000000-0000-0000-0000-000000000000', category });

export async function startFakeHubSpot(): Promise<FakeHubSpot> {
  const contacts = new Map<string, FakeContact>();
  const created = new Map<string, number>();
  const tickets: FakeHubSpot['tickets'] = [];
  const properties = new Map<string, Json>();
  const groups = new Set<string>(['contactinformation']);
  const requests: FakeRequestLog[] = [];
  const hanging = new Set<http.ServerResponse>();
  let nextId = 1000;
  let rateLimited: { count: number; seconds: number } = { count: 0, seconds: 0 };
  let failing = { count: 0, status: 500 };
  let hangs = 0;
  let outageUntil = 0;
  let token: string | null = null;

  const live = () => [...contacts.values()].filter((c) => !c.archived);
  const byEmail = (email: string) => live().find((c) => c.properties.email === email.toLowerCase());
  const view = (c: FakeContact, wanted?: string[]) => ({
    id: c.id,
    properties: wanted
      ? Object.fromEntries(wanted.map((p) => [p, c.properties[p] ?? null]))
      : { email: c.properties.email ?? null, firstname: c.properties.firstname ?? null },
    createdAt: c.createdAt,
    updatedAt: new Date().toISOString(),
    archived: c.archived,
  });

  const route = (method: string, path: string, query: URLSearchParams, body: Json, res: http.ServerResponse) => {
    if (method === 'POST' && path === '/crm/v3/objects/contacts/search') {
      const filter = ((body.filterGroups as Json[] | undefined)?.[0]?.filters as Json[] | undefined)?.[0];
      const email = String(filter?.value ?? '').toLowerCase();
      const found = filter?.propertyName === 'email' ? byEmail(email) : undefined;
      return json(res, 200, { total: found ? 1 : 0, results: found ? [view(found, ['email'])] : [] });
    }
    if (method === 'POST' && path === '/crm/v3/objects/contacts/gdpr-delete') {
      const email = String(body.objectId ?? '').toLowerCase();
      const found = body.idProperty === 'email' ? byEmail(email) : contacts.get(String(body.objectId));
      if (!found) return error(res, 404, 'Object not found', 'OBJECT_NOT_FOUND');
      contacts.delete(found.id);
      return noContent(res);
    }
    if (method === 'POST' && path === '/crm/v3/objects/contacts') {
      const props = (body.properties ?? {}) as Record<string, string>;
      const email = (props.email ?? '').toLowerCase();
      const existing = email ? byEmail(email) : undefined;
      if (existing) return error(res, 409, `Contact already exists. Existing ID: ${existing.id}`, 'CONFLICT');
      const contact: FakeContact = {
        id: String(nextId++),
        properties: { ...props, email },
        archived: false,
        createdAt: new Date().toISOString(),
      };
      contacts.set(contact.id, contact);
      created.set(email, (created.get(email) ?? 0) + 1);
      return json(res, 201, view(contact));
    }
    if (method === 'GET' && path === '/crm/v3/objects/contacts') {
      const limit = Number(query.get('limit') ?? 10);
      return json(res, 200, {
        results: live()
          .slice(0, limit)
          .map((c) => view(c)),
      });
    }
    const contactPath = /^\/crm\/v3\/objects\/contacts\/(\d+)$/.exec(path);
    if (contactPath) {
      const contact = contacts.get(contactPath[1]!);
      if (!contact || contact.archived) return error(res, 404, 'Object not found', 'OBJECT_NOT_FOUND');
      if (method === 'GET') return json(res, 200, view(contact, query.get('properties')?.split(',')));
      if (method === 'PATCH') {
        Object.assign(contact.properties, (body.properties ?? {}) as Record<string, string>);
        return json(res, 200, view(contact));
      }
      if (method === 'DELETE') {
        contact.archived = true;
        return noContent(res);
      }
    }
    if (method === 'POST' && path === '/crm/v3/objects/tickets') {
      const assoc = (body.associations as { to: { id: string } }[] | undefined)?.[0];
      const ticket = {
        id: String(nextId++),
        properties: (body.properties ?? {}) as Record<string, string>,
        contactId: assoc?.to.id ?? null,
      };
      tickets.push(ticket);
      const now = new Date().toISOString();
      return json(res, 201, {
        id: ticket.id,
        properties: ticket.properties,
        createdAt: now,
        updatedAt: now,
        archived: false,
      });
    }
    if (method === 'POST' && path === '/crm/v3/properties/contacts/groups') {
      const name = String(body.name);
      if (groups.has(name)) return error(res, 409, `Property group ${name} already exists`, 'CONFLICT');
      groups.add(name);
      return json(res, 201, { name, label: body.label, displayOrder: body.displayOrder ?? -1, archived: false });
    }
    const groupPath = /^\/crm\/v3\/properties\/contacts\/groups\/([\w-]+)$/.exec(path);
    if (method === 'GET' && groupPath) {
      if (!groups.has(groupPath[1]!)) return error(res, 404, 'Group not found', 'OBJECT_NOT_FOUND');
      return json(res, 200, { name: groupPath[1], label: groupPath[1], displayOrder: -1, archived: false });
    }
    if (method === 'POST' && path === '/crm/v3/properties/contacts') {
      const name = String(body.name);
      if (properties.has(name)) return error(res, 409, `Property ${name} already exists`, 'CONFLICT');
      if (!groups.has(String(body.groupName))) return error(res, 400, 'No such property group', 'VALIDATION_ERROR');
      const now = new Date().toISOString();
      const property = { ...body, options: body.options ?? [], createdAt: now, updatedAt: now };
      properties.set(name, property);
      return json(res, 201, property);
    }
    const propertyPath = /^\/crm\/v3\/properties\/contacts\/([\w-]+)$/.exec(path);
    if (method === 'GET' && propertyPath) {
      const property = properties.get(propertyPath[1]!);
      if (!property) return error(res, 404, 'Property not found', 'OBJECT_NOT_FOUND');
      return json(res, 200, property);
    }
    return error(res, 404, `No fake route ${method} ${path}`, 'OBJECT_NOT_FOUND');
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const auth = req.headers.authorization ?? '';
      const authorised = token === null ? /^Bearer \S+/.test(auth) : auth === `Bearer ${token}`;
      const entry: FakeRequestLog = {
        method: req.method ?? 'GET',
        path: url.pathname,
        at: Date.now(),
        status: 0,
        authorised,
      };
      requests.push(entry);
      const answer = (status: number, send: () => void) => {
        entry.status = status;
        send();
      };
      if (hangs > 0) {
        hangs -= 1;
        entry.status = -1;
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if (Date.now() < outageUntil)
        return answer(503, () => error(res, 503, 'Service unavailable', 'SERVICE_UNAVAILABLE'));
      if (rateLimited.count > 0) {
        rateLimited.count -= 1;
        const seconds = rateLimited.seconds;
        entry.status = 429;
        return json(
          res,
          429,
          { status: 'error', message: 'You have reached your ten_secondly_rolling limit.', category: 'RATE_LIMITS' },
          { 'retry-after': String(seconds) },
        );
      }
      if (failing.count > 0) {
        failing.count -= 1;
        return answer(failing.status, () => error(res, failing.status, 'Internal error', 'INTERNAL_ERROR'));
      }
      if (!authorised)
        return answer(401, () => error(res, 401, 'Authentication credentials not found', 'INVALID_AUTHENTICATION'));
      let body: Json = {};
      try {
        body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json) : {};
      } catch {
        return answer(400, () => error(res, 400, 'Invalid JSON', 'VALIDATION_ERROR'));
      }
      const originalWriteHead = res.writeHead.bind(res);
      (res as { writeHead: (...a: unknown[]) => unknown }).writeHead = (status: unknown, ...rest: unknown[]) => {
        entry.status = Number(status);
        return (originalWriteHead as (...a: unknown[]) => unknown)(status, ...rest);
      };
      route(entry.method, url.pathname, url.searchParams, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    contacts: live,
    contactByEmail: (email) => byEmail(email),
    createdCount: (email) => created.get(email.toLowerCase()) ?? 0,
    tickets,
    properties,
    groups,
    rateLimitNext(retryAfterSeconds, count = 1) {
      rateLimited = { count, seconds: retryAfterSeconds };
    },
    failNext(count = 1, status = 500) {
      failing = { count, status };
    },
    hangNext(count = 1) {
      hangs = count;
    },
    startOutage(ms) {
      outageUntil = ms === undefined ? Number.POSITIVE_INFINITY : Date.now() + ms;
    },
    endOutage() {
      outageUntil = 0;
    },
    expectToken(value) {
      token = value;
    },
    async stop() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
