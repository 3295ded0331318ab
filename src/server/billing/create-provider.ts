import { type Config, reachableFromElsewhere } from '../config.ts';
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
  // Test mode's Pay gives a plan for nothing: it serves only a server no other machine can reach,
  // or one told so with BILLING_TEST_MODE=true (loadConfig refuses that where others can reach it).
  const isOpen = config.billingTestMode;
  const reachable = reachableFromElsewhere(config);
  if (isOpen)
    logger.warn(
      `card payments in TEST MODE (no card is charged; ${config.BILLING_TEST_MODE ? 'BILLING_TEST_MODE=true' : 'this machine only'}): set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take payments`,
    );
  else
    logger.warn(
      `card payments are off: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (${
        reachable ? `test mode is refused: ${reachable}` : 'BILLING_TEST_MODE=false'
      })`,
    );
  return createTestProvider({ secret, publicUrl: config.publicUrl, isOpen });
}

export function isTestProvider(provider: BillingProvider): provider is TestProvider {
  return provider.mode === 'test';
}
