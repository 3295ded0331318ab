/** The resolved features as JSON (core `featuresFor`): what the browser's guard and screens read. */
import { z } from '@hono/zod-openapi';
import { FEATURES } from '../../core/subscriptions/features.ts';

export const ResolvedFeaturesSchema = z
  .object({
    ...Object.fromEntries(FEATURES.map((feature) => [feature, z.boolean()])),
    accountCap: z.object({
      max: z.number().int().nullable().openapi({ description: 'null: no limit' }),
      source: z.enum(['tier', 'admin']),
      tier: z.enum(['piglet', 'boar', 'bigpig', 'trial_bigpig']),
    }),
  })
  .openapi('ResolvedFeatures', {
    description:
      "What the user may use now: the effective tier's features (a lapsed plan gives piglet's) plus each feature an admin granted",
  });
