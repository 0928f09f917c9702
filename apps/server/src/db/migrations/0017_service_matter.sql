CREATE TABLE "data_catalog_service_matter" (
	"catalog_id" uuid PRIMARY KEY NOT NULL,
	"business_code" varchar(64) NOT NULL,
	"business_name" varchar(200) NOT NULL,
	"event_type" varchar(4) NOT NULL,
	"event_level" varchar(4),
	"directory_code" varchar(64),
	"item_data" varchar(200),
	"implementation_code" varchar(64) NOT NULL,
	"implementation_name" varchar(200) NOT NULL,
	"driving_level" varchar(4),
	"result_type" varchar(4),
	"application_scenario" varchar(4),
	"application_scenario_describe" varchar(4),
	"provide_channels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"electronic_license" varchar(1) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_catalog_service_matter" ADD CONSTRAINT "data_catalog_service_matter_catalog_id_data_catalog_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."data_catalog"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_catalog_service_matter_business_idx" ON "data_catalog_service_matter" USING btree ("business_code");--> statement-breakpoint
CREATE INDEX "data_catalog_service_matter_implementation_idx" ON "data_catalog_service_matter" USING btree ("implementation_code");