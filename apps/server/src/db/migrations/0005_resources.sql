CREATE TABLE "res_app_system" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_name" varchar(100) NOT NULL,
	"remark" varchar(500),
	"org_code" varchar(64) NOT NULL,
	"state" varchar(1) DEFAULT '0' NOT NULL,
	"create_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "res_data_source" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"data_name" varchar(100) NOT NULL,
	"database_type" varchar(20) NOT NULL,
	"host" varchar(253) NOT NULL,
	"port" integer NOT NULL,
	"database_name" varchar(100) NOT NULL,
	"user_name" varchar(100) NOT NULL,
	"password_enc" text NOT NULL,
	"transport_gateway" varchar(100),
	"descr" varchar(500),
	"org_code" varchar(64) NOT NULL,
	"create_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "res_app_system_org_name_uq" ON "res_app_system" USING btree ("org_code","app_name");--> statement-breakpoint
CREATE UNIQUE INDEX "res_data_source_org_name_uq" ON "res_data_source" USING btree ("org_code","data_name");--> statement-breakpoint
-- An installation of the previous release named its entries' systems by free text: each department's names become its systems, enabled.
INSERT INTO "res_app_system" ("app_name", "org_code", "state")
SELECT DISTINCT "source_system", "org_code", '1' FROM "data_catalog"
WHERE "source_system" IS NOT NULL AND btrim("source_system") <> '' AND "org_code" IS NOT NULL
ON CONFLICT DO NOTHING;
