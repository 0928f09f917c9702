CREATE TABLE "wf_config" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_type" varchar(32) NOT NULL,
	"version" integer NOT NULL,
	"settings" jsonb NOT NULL,
	"comment" varchar(200) NOT NULL,
	"created_by" uuid,
	"created_by_name" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wf_task" ADD COLUMN "config_version" integer;--> statement-breakpoint
ALTER TABLE "wf_task" ADD COLUMN "remind_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "wf_config_version_uq" ON "wf_config" USING btree ("subject_type","version");