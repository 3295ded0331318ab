import { type Config, isLoopbackHost } from '../config.ts';
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
  // Test mode's Pay gives a plan for nothing: a production server that other machines can reach
  // offers no checkout at all until the keys are set (as the demo users and the mailbox, ADR 0037).
  const isOpen = config.NODE_ENV !== 'production' || isLoopbackHost(config.HOST);
  if (config.NODE_ENV === 'production')
    logger.warn(
      isOpen
        ? 'card payments in TEST MODE (no card is charged): set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET'
        : 'card payments are off: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (test mode serves loopback hosts only)',
    );
  return createTestProvider({ secret, publicUrl: config.publicUrl, isOpen });
}

export function isTestProvider(provider: BillingProvider): provider is TestProvider {
  return provider.mode === 'test';
}
