CREATE TABLE "email_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"smtp_account_id" uuid,
	"from_address" text NOT NULL,
	"recipients_sealed" text NOT NULL,
	"recipient_hashes" jsonb NOT NULL,
	"subject_sealed" text NOT NULL,
	"document_types" jsonb NOT NULL,
	"message_id" text,
	"provider_message_id" text,
	"failure" text,
	"failure_message" text,
	"sent_copy" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "smtp_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"smtp_host" text NOT NULL,
	"smtp_port" integer NOT NULL,
	"smtp_security" text NOT NULL,
	"smtp_user" text NOT NULL,
	"smtp_password_sealed" text NOT NULL,
	"from_address" text NOT NULL,
	"imap_host" text,
	"imap_port" integer,
	"imap_security" text,
	"imap_user" text,
	"imap_password_sealed" text,
	"sent_folder" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_log" ADD CONSTRAINT "email_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_log" ADD CONSTRAINT "email_log_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_log" ADD CONSTRAINT "email_log_smtp_account_id_smtp_accounts_id_fk" FOREIGN KEY ("smtp_account_id") REFERENCES "public"."smtp_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smtp_accounts" ADD CONSTRAINT "smtp_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_log_user_key_idx" ON "email_log" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "email_log_user_created_idx" ON "email_log" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "email_log_status_idx" ON "email_log" USING btree ("status");--> statement-breakpoint
CREATE INDEX "smtp_accounts_user_idx" ON "smtp_accounts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "smtp_accounts_one_default_idx" ON "smtp_accounts" USING btree ("user_id") WHERE "smtp_accounts"."is_default";