/**
 * The shapes of the provider's events that we act on (docs/decisions/0037, "Unusable events").
 * A correctly signed event that does not match is answered 200 with a logged reason and nothing
 * written: the provider would only resend the same body, so retrying can never help.
 * Loose objects: the provider adds fields at will; we check only those we read.
 */
import { z } from 'zod';

/** Seconds since 1970 up to the year 2100: an event time or a period end. */
const Seconds = z.number().int().min(0).max(4_102_444_800);
const Id = z.string().min(1).max(255);
/** An expandable reference: the id, or the object carrying it. */
const Ref = z.union([Id, z.looseObject({ id: Id })]);
const Metadata = z.record(z.string(), z.unknown()).nullish();

export const EnvelopeSchema = z.looseObject({
  id: Id,
  type: z.string().min(1).max(255),
  created: Seconds,
  data: z.looseObject({ object: z.looseObject({}) }),
});

export const CheckoutSessionSchema = z.looseObject({
  id: Id.optional(),
  customer: Ref.nullish(),
  subscription: Ref.nullish(),
  client_reference_id: z.string().max(255).nullish(),
  metadata: Metadata,
});

const PriceSchema = z.looseObject({
  id: Id,
  lookup_key: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  recurring: z.looseObject({ interval: z.string() }).nullish(),
});

export const SubscriptionSchema = z.looseObject({
  id: Id,
  customer: Ref,
  status: z.string().min(1),
  cancel_at_period_end: z.boolean().nullish(),
  metadata: Metadata,
  items: z.looseObject({
    data: z.array(z.looseObject({ current_period_end: Seconds.nullish(), price: PriceSchema })),
  }),
});

export const InvoiceSchema = z.looseObject({
  customer: Ref.nullish(),
  subscription: Ref.nullish(),
  attempt_count: z.number().int().min(0).max(1000).nullish(),
  billing_reason: z.string().nullish(),
  metadata: Metadata,
  parent: z
    .looseObject({
      subscription_details: z.looseObject({ subscription: Ref.nullish(), metadata: Metadata }).nullish(),
    })
    .nullish(),
});

/** Where a shape failed, for the log ("data.object.items.data.0.price: expected object"). */
export function shapeProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unreadable';
}
