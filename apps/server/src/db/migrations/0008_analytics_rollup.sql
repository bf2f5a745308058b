CREATE TABLE "pdf_usage_daily" (
	"business_id" uuid NOT NULL,
	"user_id" uuid,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_alert_dismissals" (
	"alert_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_alert_dismissals_alert_id_user_id_pk" PRIMARY KEY("alert_id","user_id")
);
--> statement-breakpoint
DROP INDEX "email_log_business_created_idx";--> statement-breakpoint
ALTER TABLE "usage_alerts" ADD COLUMN "email_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_alerts" ADD COLUMN "email_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pdf_usage_daily" ADD CONSTRAINT "pdf_usage_daily_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_usage_daily" ADD CONSTRAINT "pdf_usage_daily_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_alert_dismissals" ADD CONSTRAINT "usage_alert_dismissals_alert_id_usage_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."usage_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_alert_dismissals" ADD CONSTRAINT "usage_alert_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pdf_usage_daily_key_idx" ON "pdf_usage_daily" USING btree ("business_id","day","kind","user_id");--> statement-breakpoint
CREATE INDEX "pdf_usage_daily_read_idx" ON "pdf_usage_daily" USING btree ("business_id","day","kind","user_id","count");--> statement-breakpoint
CREATE INDEX "pdf_usage_daily_user_idx" ON "pdf_usage_daily" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "email_log_business_created_idx" ON "email_log" USING btree ("business_id","created_at","status","user_id");--> statement-breakpoint
-- Events written before the rollup existed are counted into it once, here.
INSERT INTO "pdf_usage_daily" ("business_id", "user_id", "day", "kind", "count") SELECT "business_id", "user_id", ("created_at" AT TIME ZONE 'UTC')::date, "kind", count(*)::integer FROM "pdf_usage_events" GROUP BY 1, 2, 3, 4;
