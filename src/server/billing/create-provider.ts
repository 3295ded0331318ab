import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { BillingProvider } from './provider.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { createTestProvider, type TestProvider } from './test-provider.ts';

/** Stripe when both keys are configured; otherwise test mode, which says so on every page it shows. */
export function createBillingProvider(
  config: Config,
  { secret, logger }: { secret: string; logger: Logger },
): BillingProvider {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    return createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiBase: config.STRIPE_API_BASE,
      logger,
    });
  }
  if (config.NODE_ENV === 'production')
    logger.warn('card payments in TEST MODE: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  return createTestProvider({ secret, publicUrl: config.publicUrl });
}

export function isTestProvider(provider: BillingProvider): provider is TestProvider {
  return provider.mode === 'test';
}
