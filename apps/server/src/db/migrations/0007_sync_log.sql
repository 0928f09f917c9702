CREATE TABLE "ds_sync_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"catalog_id" uuid NOT NULL,
	"mode" varchar(16) NOT NULL,
	"outcome" varchar(8) DEFAULT 'running' NOT NULL,
	"rows" bigint DEFAULT 0 NOT NULL,
	"message" varchar(500),
	"operator_id" uuid,
	"operator_name" varchar(100) NOT NULL,
	"depart_name" varchar(100),
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ds_sync_log" ADD CONSTRAINT "ds_sync_log_catalog_id_data_catalog_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."data_catalog"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ds_sync_log_catalog_idx" ON "ds_sync_log" USING btree ("catalog_id","started_at");