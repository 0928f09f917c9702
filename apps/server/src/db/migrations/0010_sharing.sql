CREATE TABLE "app_attachment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" varchar(40) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"stored_name" varchar(100) NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_run" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"rows" integer DEFAULT 0 NOT NULL,
	"outcome" varchar(1) DEFAULT '2' NOT NULL,
	"message" text,
	"operator_id" uuid
);
--> statement-breakpoint
CREATE TABLE "exchange_task" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"share_apply_id" uuid NOT NULL,
	"target_source_id" uuid NOT NULL,
	"target_table" varchar(64) NOT NULL,
	"auto_create" boolean NOT NULL,
	"field_mappings" jsonb NOT NULL,
	"convey_type" varchar(1) NOT NULL,
	"repeat_type" varchar(2),
	"import_rule_type" varchar(10) NOT NULL,
	"state" varchar(1) DEFAULT '1' NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_by" uuid,
	"org_code" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_apply" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(32) NOT NULL,
	"catalog_id" uuid NOT NULL,
	"provider_org_code" varchar(64) NOT NULL,
	"applicant_id" uuid NOT NULL,
	"purpose" varchar(500) NOT NULL,
	"scenario" varchar(500) NOT NULL,
	"fields" jsonb NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"security_measures" varchar(1000) NOT NULL,
	"application_file_id" uuid,
	"pledge_file_id" uuid,
	"agreement_version" varchar(20) NOT NULL,
	"agreement_accepted_at" timestamp with time zone NOT NULL,
	"granted_fields" jsonb,
	"granted_end_date" date,
	"daily_quota" integer,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"reason" varchar(500),
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"app_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_apply" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"process_code" varchar(32) NOT NULL,
	"catalog_id" uuid NOT NULL,
	"title" varchar(100) NOT NULL,
	"apply_org_code" varchar(64) NOT NULL,
	"source_org_code" varchar(64) NOT NULL,
	"applicant_id" uuid NOT NULL,
	"use_app_system_id" uuid,
	"key_areas_type" varchar(10),
	"apply_remark" varchar(500) NOT NULL,
	"apply_file_id" uuid,
	"start_time" date,
	"end_time" date,
	"forever" boolean DEFAULT false NOT NULL,
	"items" jsonb NOT NULL,
	"agreements_accepted_at" timestamp with time zone,
	"granted_items" jsonb,
	"granted_start_time" date,
	"granted_end_time" date,
	"granted_forever" boolean,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"submitted_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"reject_reason" varchar(500),
	"released_at" timestamp with time zone,
	"release_reason" varchar(1),
	"app_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_usage_report" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"apply_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"used_for" varchar(1000),
	"outcome" varchar(1000),
	"result_id" uuid,
	"submitted_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "open_grant" ADD COLUMN "share_apply_id" uuid;--> statement-breakpoint
ALTER TABLE "open_grant" ADD COLUMN "open_apply_id" uuid;--> statement-breakpoint
ALTER TABLE "open_grant" ADD COLUMN "daily_quota" integer;--> statement-breakpoint
ALTER TABLE "app_attachment" ADD CONSTRAINT "app_attachment_uploaded_by_sys_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_run" ADD CONSTRAINT "exchange_run_task_id_exchange_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."exchange_task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_run" ADD CONSTRAINT "exchange_run_operator_id_sys_user_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_task" ADD CONSTRAINT "exchange_task_share_apply_id_share_apply_id_fk" FOREIGN KEY ("share_apply_id") REFERENCES "public"."share_apply"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_task" ADD CONSTRAINT "exchange_task_target_source_id_res_data_source_id_fk" FOREIGN KEY ("target_source_id") REFERENCES "public"."res_data_source"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_task" ADD CONSTRAINT "exchange_task_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_apply" ADD CONSTRAINT "open_apply_catalog_id_data_catalog_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."data_catalog"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_apply" ADD CONSTRAINT "open_apply_applicant_id_sys_user_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_apply" ADD CONSTRAINT "open_apply_application_file_id_app_attachment_id_fk" FOREIGN KEY ("application_file_id") REFERENCES "public"."app_attachment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_apply" ADD CONSTRAINT "open_apply_pledge_file_id_app_attachment_id_fk" FOREIGN KEY ("pledge_file_id") REFERENCES "public"."app_attachment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_apply" ADD CONSTRAINT "open_apply_app_id_open_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."open_app"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_apply" ADD CONSTRAINT "share_apply_catalog_id_data_catalog_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."data_catalog"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_apply" ADD CONSTRAINT "share_apply_applicant_id_sys_user_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_apply" ADD CONSTRAINT "share_apply_use_app_system_id_res_app_system_id_fk" FOREIGN KEY ("use_app_system_id") REFERENCES "public"."res_app_system"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_apply" ADD CONSTRAINT "share_apply_apply_file_id_app_attachment_id_fk" FOREIGN KEY ("apply_file_id") REFERENCES "public"."app_attachment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_apply" ADD CONSTRAINT "share_apply_app_id_open_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."open_app"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_usage_report" ADD CONSTRAINT "open_usage_report_apply_id_open_apply_id_fk" FOREIGN KEY ("apply_id") REFERENCES "public"."open_apply"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_attachment_user_idx" ON "app_attachment" USING btree ("uploaded_by","created_at");--> statement-breakpoint
CREATE INDEX "exchange_run_task_idx" ON "exchange_run" USING btree ("task_id","started_at");--> statement-breakpoint
CREATE INDEX "exchange_task_apply_idx" ON "exchange_task" USING btree ("share_apply_id");--> statement-breakpoint
CREATE UNIQUE INDEX "open_apply_code_uq" ON "open_apply" USING btree ("code");--> statement-breakpoint
CREATE INDEX "open_apply_applicant_idx" ON "open_apply" USING btree ("applicant_id","created_at");--> statement-breakpoint
CREATE INDEX "open_apply_provider_idx" ON "open_apply" USING btree ("provider_org_code","status");--> statement-breakpoint
CREATE INDEX "open_apply_catalog_idx" ON "open_apply" USING btree ("catalog_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "share_apply_code_uq" ON "share_apply" USING btree ("process_code");--> statement-breakpoint
CREATE INDEX "share_apply_apply_org_idx" ON "share_apply" USING btree ("apply_org_code","status");--> statement-breakpoint
CREATE INDEX "share_apply_source_org_idx" ON "share_apply" USING btree ("source_org_code","status");--> statement-breakpoint
CREATE INDEX "share_apply_catalog_idx" ON "share_apply" USING btree ("catalog_id","status");--> statement-breakpoint
CREATE INDEX "open_usage_report_apply_idx" ON "open_usage_report" USING btree ("apply_id","due_at");--> statement-breakpoint
CREATE INDEX "open_grant_share_idx" ON "open_grant" USING btree ("share_apply_id");--> statement-breakpoint
CREATE INDEX "open_grant_open_apply_idx" ON "open_grant" USING btree ("open_apply_id");