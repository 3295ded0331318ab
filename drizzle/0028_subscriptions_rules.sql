-- Rules for the subscription tables of migration 0027 (docs/decisions/0036-subscriptions-switched-on.md).
-- A user reads their own subscription, redemptions and sign-up promo code; only an admin request
-- may write them as app_user (row-level security in 0027). Everything else that writes them
-- (verification, promo redemption, the card provider's webhooks) is the server's own code on its
-- own connection, never a browser's input: no route can set a tier or a status.
GRANT SELECT, INSERT, UPDATE ON "subscriptions" TO app_user;--> statement-breakpoint
GRANT SELECT ON "promo_redemptions" TO app_user;--> statement-breakpoint
GRANT SELECT ON "sign_up_promo_codes" TO app_user;--> statement-breakpoint
-- Promo codes: admins create, list and withdraw them (RLS in 0027); nobody else reads the table.
GRANT SELECT, INSERT, UPDATE ON "promo_codes" TO app_user;
