CREATE TABLE "assessment_period" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scheme_id" uuid NOT NULL,
	"period_type" varchar(8) NOT NULL,
	"period_key" varchar(10) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"comment" varchar(500),
	"run_id" uuid,
	"started_by" uuid,
	"started_at" timestamp with time zone NOT NULL,
	"scored_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "assessment_scheme" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"period_type" varchar(8) NOT NULL,
	"items" jsonb NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessment_score" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period_id" uuid NOT NULL,
	"org_code" varchar(64) NOT NULL,
	"score" double precision NOT NULL,
	"rank" integer NOT NULL,
	"items" jsonb NOT NULL,
	"comment" varchar(500),
	"comment_by" uuid,
	"comment_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "asset_domain" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain_name" varchar(50) NOT NULL,
	"parent_id" uuid,
	"level" smallint DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_index" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"index_name" varchar(100) NOT NULL,
	"index_type" varchar(1) NOT NULL,
	"rel_index_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"domain_id" uuid NOT NULL,
	"unit" varchar(16) NOT NULL,
	"frequency" varchar(8) NOT NULL,
	"bs_formula" varchar(500) NOT NULL,
	"enables" varchar(1) DEFAULT '0' NOT NULL,
	"calc_name" varchar(64),
	"formula" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "indicator_run" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" varchar(16) NOT NULL,
	"period_type" varchar(8) NOT NULL,
	"period_key" varchar(10) NOT NULL,
	"index_ids" jsonb,
	"status" varchar(8) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"message" text,
	"operator_id" uuid,
	"retry_of" uuid
);
--> statement-breakpoint
CREATE TABLE "indicator_value" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"index_id" uuid NOT NULL,
	"org_code" varchar(64) NOT NULL,
	"period_type" varchar(8) NOT NULL,
	"period_key" varchar(10) NOT NULL,
	"value" double precision,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessment_period" ADD CONSTRAINT "assessment_period_scheme_id_assessment_scheme_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."assessment_scheme"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_period" ADD CONSTRAINT "assessment_period_run_id_indicator_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."indicator_run"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_period" ADD CONSTRAINT "assessment_period_started_by_sys_user_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_scheme" ADD CONSTRAINT "assessment_scheme_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_score" ADD CONSTRAINT "assessment_score_period_id_assessment_period_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."assessment_period"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_score" ADD CONSTRAINT "assessment_score_comment_by_sys_user_id_fk" FOREIGN KEY ("comment_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_domain" ADD CONSTRAINT "asset_domain_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_index" ADD CONSTRAINT "asset_index_domain_id_asset_domain_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."asset_domain"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_index" ADD CONSTRAINT "asset_index_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicator_run" ADD CONSTRAINT "indicator_run_operator_id_sys_user_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicator_value" ADD CONSTRAINT "indicator_value_run_id_indicator_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."indicator_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicator_value" ADD CONSTRAINT "indicator_value_index_id_asset_index_id_fk" FOREIGN KEY ("index_id") REFERENCES "public"."asset_index"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_period_scheme_uq" ON "assessment_period" USING btree ("scheme_id","period_key");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_scheme_name_uq" ON "assessment_scheme" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_score_period_org_uq" ON "assessment_score" USING btree ("period_id","org_code");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_domain_name_uq" ON "asset_domain" USING btree (coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),"domain_name");--> statement-breakpoint
CREATE INDEX "asset_domain_parent_idx" ON "asset_domain" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_index_domain_name_uq" ON "asset_index" USING btree ("domain_id","index_name");--> statement-breakpoint
CREATE INDEX "asset_index_created_idx" ON "asset_index" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "indicator_run_started_idx" ON "indicator_run" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "indicator_run_status_idx" ON "indicator_run" USING btree ("status");--> statement-breakpoint
CREATE INDEX "indicator_value_latest_idx" ON "indicator_value" USING btree ("period_type","period_key","index_id","org_code","computed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "indicator_value_run_idx" ON "indicator_value" USING btree ("run_id");