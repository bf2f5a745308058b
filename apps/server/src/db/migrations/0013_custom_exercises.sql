CREATE TABLE "custom_exercises" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"category_id" text NOT NULL,
	"steps" jsonb NOT NULL,
	"how_many" text DEFAULT '' NOT NULL,
	"done_right" text DEFAULT '' NOT NULL,
	"minutes" integer NOT NULL,
	"frequency" text DEFAULT '' NOT NULL,
	"breath_hold" boolean DEFAULT false NOT NULL,
	"swallow" boolean DEFAULT false NOT NULL,
	"demo_link" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_exercises" ADD CONSTRAINT "custom_exercises_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_exercises_business_idx" ON "custom_exercises" USING btree ("business_id","name");