CREATE TABLE "support_ticket_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_ticket_attachments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "support_ticket_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"author_id" text,
	"author_role" text NOT NULL,
	"body" text NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_ticket_messages_id_ticket_unique" UNIQUE("id","ticket_id"),
	CONSTRAINT "support_ticket_messages_role_check" CHECK ("support_ticket_messages"."author_role" in ('saver', 'admin')),
	CONSTRAINT "support_ticket_messages_saver_public" CHECK (not ("support_ticket_messages"."is_internal" and "support_ticket_messages"."author_role" = 'saver'))
);
--> statement-breakpoint
ALTER TABLE "support_ticket_messages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"subject" text NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"assigned_admin_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_reply_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_tickets_id_user_unique" UNIQUE("id","user_id"),
	CONSTRAINT "support_tickets_status_check" CHECK ("support_tickets"."status" in ('open', 'awaiting_reply', 'resolved', 'closed')),
	CONSTRAINT "support_tickets_priority_check" CHECK ("support_tickets"."priority" in ('low', 'medium', 'high', 'urgent'))
);
--> statement-breakpoint
ALTER TABLE "support_tickets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "support_ticket_attachments" ADD CONSTRAINT "support_ticket_attachments_ticket_fk" FOREIGN KEY ("ticket_id","user_id") REFERENCES "public"."support_tickets"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_attachments" ADD CONSTRAINT "support_ticket_attachments_message_fk" FOREIGN KEY ("message_id","ticket_id") REFERENCES "public"."support_ticket_messages"("id","ticket_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_messages" ADD CONSTRAINT "support_ticket_messages_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_messages" ADD CONSTRAINT "support_ticket_messages_ticket_fk" FOREIGN KEY ("ticket_id","user_id") REFERENCES "public"."support_tickets"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_assigned_admin_id_user_id_fk" FOREIGN KEY ("assigned_admin_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_ticket_attachments_message_idx" ON "support_ticket_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "support_ticket_attachments_ticket_idx" ON "support_ticket_attachments" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "support_ticket_messages_ticket_idx" ON "support_ticket_messages" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_user_idx" ON "support_tickets" USING btree ("user_id","last_reply_at");--> statement-breakpoint
CREATE INDEX "support_tickets_status_idx" ON "support_tickets" USING btree ("status","last_reply_at");--> statement-breakpoint
CREATE INDEX "support_tickets_assigned_idx" ON "support_tickets" USING btree ("assigned_admin_id");--> statement-breakpoint
CREATE POLICY "support_ticket_attachments_read" ON "support_ticket_attachments" AS PERMISSIVE FOR SELECT TO "app_user" USING (("support_ticket_attachments"."user_id" = current_setting('app.user_id', true) and exists (select 1 from support_ticket_messages m where m.id = "support_ticket_attachments"."message_id" and not m.is_internal)) or current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "support_ticket_attachments_insert" ON "support_ticket_attachments" AS PERMISSIVE FOR INSERT TO "app_user" WITH CHECK (("support_ticket_attachments"."user_id" = current_setting('app.user_id', true) and exists (select 1 from support_ticket_messages m where m.id = "support_ticket_attachments"."message_id" and not m.is_internal)) or current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "support_ticket_attachments_admin_delete" ON "support_ticket_attachments" AS PERMISSIVE FOR DELETE TO "app_user" USING (current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "support_ticket_messages_read" ON "support_ticket_messages" AS PERMISSIVE FOR SELECT TO "app_user" USING (("support_ticket_messages"."user_id" = current_setting('app.user_id', true) and not "support_ticket_messages"."is_internal") or current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "support_ticket_messages_insert" ON "support_ticket_messages" AS PERMISSIVE FOR INSERT TO "app_user" WITH CHECK (("support_ticket_messages"."user_id" = current_setting('app.user_id', true) and "support_ticket_messages"."author_id" = current_setting('app.user_id', true) and "support_ticket_messages"."author_role" = 'saver' and not "support_ticket_messages"."is_internal") or current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "support_ticket_messages_admin_update" ON "support_ticket_messages" AS PERMISSIVE FOR UPDATE TO "app_user" USING (current_setting('app.is_admin', true) = 'true') WITH CHECK (current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "support_ticket_messages_admin_delete" ON "support_ticket_messages" AS PERMISSIVE FOR DELETE TO "app_user" USING (current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "support_tickets_owner_read" ON "support_tickets" AS PERMISSIVE FOR SELECT TO "app_user" USING ("support_tickets"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "support_tickets_owner_insert" ON "support_tickets" AS PERMISSIVE FOR INSERT TO "app_user" WITH CHECK (("support_tickets"."user_id" = current_setting('app.user_id', true) and "support_tickets"."assigned_admin_id" is null) or current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "support_tickets_owner_update" ON "support_tickets" AS PERMISSIVE FOR UPDATE TO "app_user" USING ("support_tickets"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true') WITH CHECK ("support_tickets"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "support_tickets_admin_delete" ON "support_tickets" AS PERMISSIVE FOR DELETE TO "app_user" USING (current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
-- A saver opens a ticket as 'open', medium priority and unassigned, and afterwards changes only its
-- status, and only by writing (back to 'open', or 'closed' by closing it); subject, category,
-- priority and assignment are an admin's. Row-level security says whose row; this says what of it.
CREATE OR REPLACE FUNCTION support_ticket_owner_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_user <> 'app_user' OR coalesce(current_setting('app.is_admin', true), '') = 'true' THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'open' OR NEW.priority <> 'medium' OR NEW.assigned_admin_id IS NOT NULL THEN
      RAISE EXCEPTION 'a new support ticket is open, medium priority and unassigned' USING ERRCODE = '42501';
    END IF;
    RETURN NEW;
  END IF;
  IF (NEW.user_id, NEW.subject, NEW.category, NEW.priority, NEW.assigned_admin_id, NEW.created_at)
       IS DISTINCT FROM (OLD.user_id, OLD.subject, OLD.category, OLD.priority, OLD.assigned_admin_id, OLD.created_at)
     OR (NEW.status IS DISTINCT FROM OLD.status AND NEW.status NOT IN ('open', 'closed')) THEN
    RAISE EXCEPTION 'only an admin may change a support ticket''s details' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER support_ticket_owner_guard BEFORE INSERT OR UPDATE ON "support_tickets"
  FOR EACH ROW EXECUTE FUNCTION support_ticket_owner_guard();--> statement-breakpoint
-- Issue 28: savers read and write their own tickets and public messages, admins all (RLS above).
-- Messages and attachments are never changed by the app once written; admins may remove them.
GRANT SELECT, INSERT, UPDATE, DELETE ON "support_tickets" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON "support_ticket_messages" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON "support_ticket_attachments" TO app_user;
