/**
 * HubSpot through its official client (`@hubspot/api-client`), wrapped so every HTTP request
 * first takes a slot of the shared rate window, gives up after the timeout, and fails with a
 * `CrmRequestError` that says whether to retry, without the token or the provider's headers.
 */
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import type { Client } from '@hubspot/api-client';
import type { FilterOperatorEnum } from '@hubspot/api-client/lib/codegen/crm/contacts/models/Filter';
import type { AssociationSpecAssociationCategoryEnum } from '@hubspot/api-client/lib/codegen/crm/tickets/models/AssociationSpec';
import type { AppDb } from '../db/client.ts';
import type { Failure } from '../../core/crm/retry.ts';
import type { RateWindow } from '../../core/crm/rate-window.ts';
import { HUBSPOT_RATE_KEY, takeSlot } from './rate-limiter.ts';

export type HubSpotSettings = {
  token: string;
  /** Unset: HubSpot's own (https://api.hubapi.com). */
  baseUrl: string | undefined;
  timeoutMs: number;
  rate: RateWindow;
};

/** A request that did not succeed: `failure` is what the retry rules read. */
export class CrmRequestError extends Error {
  readonly failure: Failure;
  constructor(failure: Failure, message: string) {
    super(message);
    this.failure = failure;
  }
  get status(): number | null {
    return this.failure.status;
  }
}

const MAX_ERROR_TEXT = 300;

/** The provider's error as one short line: its status and its own message, never its headers. */
export function describeFailure(err: unknown, token: string): CrmRequestError {
  if (err instanceof CrmRequestError) return err;
  const e = err as { code?: unknown; body?: unknown; headers?: Record<string, string>; message?: string };
  const redact = (text: string) => (token ? text.split(token).join('[redacted]') : text).slice(0, MAX_ERROR_TEXT);
  if (typeof e?.code === 'number' && e.code >= 100 && e.code < 600) {
    const body = e.body as { message?: unknown } | string | undefined;
    const said = typeof body === 'object' && body && typeof body.message === 'string' ? body.message : '';
    const retryAfter = e.headers?.['retry-after'] ?? e.headers?.['Retry-After'];
    return new CrmRequestError(
      { status: e.code, retryAfter },
      redact(`HubSpot answered ${e.code}${said ? `: ${said}` : ''}`),
    );
  }
  const message = err instanceof Error ? err.message : String(err);
  const timeout = /timed out|timeout/i.test(message);
  return new CrmRequestError(
    { status: null, timeout },
    redact(timeout ? 'HubSpot did not answer in time' : `HubSpot could not be reached: ${message}`),
  );
}

/** An agent whose sockets are destroyed after `timeoutMs` without traffic (the client has no timeout of its own). */
function timeoutAgent(baseUrl: string, timeoutMs: number): http.Agent {
  const secure = baseUrl.startsWith('https:');
  const Base = secure ? https.Agent : http.Agent;
  const agent = new Base({ keepAlive: false });
  const create = (agent as unknown as { createConnection: (...args: unknown[]) => net.Socket }).createConnection.bind(
    agent,
  );
  (agent as unknown as { createConnection: (...args: unknown[]) => net.Socket }).createConnection = (...args) => {
    const socket = create(...args);
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('HubSpot request timed out')));
    return socket;
  };
  return agent;
}

export type ContactRef = { id: string };

/** The few calls the sync makes. Each may throw `CrmRequestError`. */
export type HubSpotApi = {
  findContactByEmail(email: string): Promise<ContactRef | null>;
  /** Creates the contact; when HubSpot says it exists already (409), that one's id. */
  createContact(properties: Record<string, string>): Promise<{ id: string; existed: boolean }>;
  updateContact(id: string, properties: Record<string, string>): Promise<void>;
  getContact(
    id: string,
    properties: string[],
  ): Promise<{ id: string; properties: Record<string, string | null> } | null>;
  /** GDPR erasure by e-mail (HubSpot's gdpr-delete); true when there was one to erase. */
  purgeContact(email: string): Promise<boolean>;
  createTicket(properties: Record<string, string>, contactId: string | null): Promise<string>;
  /** A cheap authorised read: checks the token and the connection. */
  ping(): Promise<void>;
  createPropertyGroup(name: string, label: string): Promise<'created' | 'exists'>;
  createProperty(property: {
    name: string;
    label: string;
    type: string;
    fieldType: string;
    groupName: string;
    description: string;
  }): Promise<'created' | 'exists'>;
  propertyExists(name: string): Promise<boolean>;
};

const EXISTING_ID = /Existing ID:\s*(\d+)/i;
const BOOLEAN_OPTIONS = [
  { label: 'Yes', value: 'true', displayOrder: 0, hidden: false },
  { label: 'No', value: 'false', displayOrder: 1, hidden: false },
];

export function createHubSpotApi(db: AppDb, settings: HubSpotSettings): HubSpotApi {
  // The official client is large (tens of MB of generated code): loaded by the first request,
  // never at start, and never by a server without a token (it stays outside the server bundle).
  let client!: Client;
  let loading: Promise<void> | null = null;
  const ready = () =>
    (loading ??= import('@hubspot/api-client').then((hubspot) => {
      client = newClient(hubspot.Client);
    }));
  const newClient = (HubSpotClient: typeof Client) =>
    new HubSpotClient({
      accessToken: settings.token,
      ...(settings.baseUrl ? { basePath: settings.baseUrl.replace(/\/$/, '') } : {}),
      numberOfApiCallRetries: 0,
      httpAgent: timeoutAgent(settings.baseUrl ?? 'https://api.hubapi.com', settings.timeoutMs),
      middleware: [
        {
          // Every HTTP request the client makes passes here first: one slot of the shared window each.
          pre: async (ctx: unknown) => {
            await takeSlot(db, HUBSPOT_RATE_KEY, settings.rate);
            return ctx;
          },
          post: (ctx: unknown) => ctx,
        },
      ],
    });
  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await ready();
      // The socket timeout ends a silent request; this also ends one whose answer trickles in.
      return await Promise.race([
        work(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('HubSpot request timed out')), settings.timeoutMs * 2 + 60_000);
        }),
      ]);
    } catch (err) {
      throw describeFailure(err, settings.token);
    } finally {
      clearTimeout(timer);
    }
  };
  const notFound = (err: unknown) => err instanceof CrmRequestError && err.status === 404;
  const conflict = (err: unknown) => err instanceof CrmRequestError && err.status === 409;

  return {
    async findContactByEmail(email) {
      const found = await call(() =>
        client.crm.contacts.searchApi.doSearch({
          filterGroups: [
            { filters: [{ propertyName: 'email', operator: 'EQ' as FilterOperatorEnum, value: email.toLowerCase() }] },
          ],
          properties: ['email'],
          limit: 1,
        }),
      );
      const first = found.results[0];
      return first ? { id: first.id } : null;
    },
    async createContact(properties) {
      try {
        const created = await call(() => client.crm.contacts.basicApi.create({ properties, associations: [] }));
        return { id: created.id, existed: false };
      } catch (err) {
        if (!conflict(err)) throw err;
        // HubSpot keeps e-mails unique: a 409 names the contact that has it (one created by a request whose answer was lost).
        const existing = await this.findContactByEmail(properties.email ?? '');
        if (existing) return { id: existing.id, existed: true };
        const match = EXISTING_ID.exec((err as Error).message);
        if (match?.[1]) return { id: match[1], existed: true };
        throw err;
      }
    },
    async updateContact(id, properties) {
      await call(() => client.crm.contacts.basicApi.update(id, { properties }));
    },
    async getContact(id, properties) {
      try {
        const found = await call(() => client.crm.contacts.basicApi.getById(id, properties));
        return { id: found.id, properties: found.properties };
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async purgeContact(email) {
      try {
        await call(() => client.crm.contacts.basicApi.purge({ objectId: email.toLowerCase(), idProperty: 'email' }));
        return true;
      } catch (err) {
        if (notFound(err)) return false;
        throw err;
      }
    },
    async createTicket(properties, contactId) {
      const created = await call(() =>
        client.crm.tickets.basicApi.create({
          properties,
          associations: contactId
            ? [
                {
                  to: { id: contactId },
                  types: [
                    {
                      associationCategory: 'HUBSPOT_DEFINED' as AssociationSpecAssociationCategoryEnum,
                      associationTypeId: 16,
                    },
                  ],
                },
              ]
            : [],
        }),
      );
      return created.id;
    },
    async ping() {
      await call(() => client.crm.contacts.basicApi.getPage(1));
    },
    async createPropertyGroup(name, label) {
      try {
        await call(() => client.crm.properties.groupsApi.create('contacts', { name, label, displayOrder: -1 }));
        return 'created';
      } catch (err) {
        if (conflict(err)) return 'exists';
        throw err;
      }
    },
    async createProperty(p) {
      try {
        await call(() =>
          client.crm.properties.coreApi.create('contacts', {
            name: p.name,
            label: p.label,
            type: p.type as never,
            fieldType: p.fieldType as never,
            groupName: p.groupName,
            description: p.description,
            ...(p.fieldType === 'booleancheckbox' ? { options: BOOLEAN_OPTIONS } : {}),
          }),
        );
        return 'created';
      } catch (err) {
        if (conflict(err)) return 'exists';
        throw err;
      }
    },
    async propertyExists(name) {
      try {
        await call(() => client.crm.properties.coreApi.getByName('contacts', name));
        return true;
      } catch (err) {
        if (notFound(err)) return false;
        throw err;
      }
    },
  };
}
