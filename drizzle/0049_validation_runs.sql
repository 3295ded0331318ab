CREATE TABLE "validation_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"health_score" integer NOT NULL,
	"critical_issues" integer NOT NULL,
	"run" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "validation_runs_ran_at_idx" ON "validation_runs" USING btree ("ran_at");