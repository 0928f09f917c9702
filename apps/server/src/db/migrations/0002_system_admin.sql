CREATE TABLE "sys_quartz_job_run" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"trigger" varchar(16) NOT NULL,
	"scheduled_for" timestamp with time zone,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" varchar(16) DEFAULT 'running' NOT NULL,
	"message" text,
	"instance" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "sys_quartz_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"handler" varchar(64) NOT NULL,
	"cron_expression" varchar(100) NOT NULL,
	"parameter" jsonb,
	"description" varchar(255),
	"status" smallint DEFAULT -1 NOT NULL,
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biz_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"message_type" varchar(32) NOT NULL,
	"title" varchar(200) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"bus_id" varchar(64),
	"open_page" varchar(255),
	"sender" varchar(64),
	"read_flag" boolean DEFAULT false NOT NULL,
	"read_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role_permission" (
	"drole_id" uuid NOT NULL,
	"permission_id" uuid NOT NULL,
	CONSTRAINT "sys_depart_role_permission_drole_id_permission_id_pk" PRIMARY KEY("drole_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role_user" (
	"drole_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "sys_depart_role_user_drole_id_user_id_pk" PRIMARY KEY("drole_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"depart_id" uuid NOT NULL,
	"role_name" varchar(100) NOT NULL,
	"role_code" varchar(64) NOT NULL,
	"description" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_fill_rule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule_name" varchar(100) NOT NULL,
	"rule_code" varchar(64) NOT NULL,
	"rule_json" jsonb NOT NULL,
	"description" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_permission_data_rule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"permission_id" uuid NOT NULL,
	"rule_name" varchar(100) NOT NULL,
	"rule_column" varchar(64) NOT NULL,
	"rule_conditions" varchar(16) NOT NULL,
	"rule_value" varchar(300) NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_picture" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(100) NOT NULL,
	"storage_key" varchar(300) NOT NULL,
	"mime_type" varchar(32) NOT NULL,
	"size" integer NOT NULL,
	"link_url" varchar(500),
	"sort_no" integer DEFAULT 0 NOT NULL,
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_role_data_rule" (
	"role_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	CONSTRAINT "sys_role_data_rule_role_id_rule_id_pk" PRIMARY KEY("role_id","rule_id")
);
--> statement-breakpoint
ALTER TABLE "sys_announcement" ADD COLUMN "depart_ids" text;--> statement-breakpoint
ALTER TABLE "sys_quartz_job_run" ADD CONSTRAINT "sys_quartz_job_run_job_id_sys_quartz_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."sys_quartz_job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_message" ADD CONSTRAINT "biz_message_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_depart_role_permission" ADD CONSTRAINT "sys_depart_role_permission_drole_id_sys_depart_role_id_fk" FOREIGN KEY ("drole_id") REFERENCES "public"."sys_depart_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_depart_role_permission" ADD CONSTRAINT "sys_depart_role_permission_permission_id_sys_permission_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."sys_permission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_depart_role_user" ADD CONSTRAINT "sys_depart_role_user_drole_id_sys_depart_role_id_fk" FOREIGN KEY ("drole_id") REFERENCES "public"."sys_depart_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_depart_role_user" ADD CONSTRAINT "sys_depart_role_user_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_depart_role" ADD CONSTRAINT "sys_depart_role_depart_id_sys_depart_id_fk" FOREIGN KEY ("depart_id") REFERENCES "public"."sys_depart"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_permission_data_rule" ADD CONSTRAINT "sys_permission_data_rule_permission_id_sys_permission_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."sys_permission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_data_rule" ADD CONSTRAINT "sys_role_data_rule_role_id_sys_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_data_rule" ADD CONSTRAINT "sys_role_data_rule_rule_id_sys_permission_data_rule_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."sys_permission_data_rule"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_quartz_job_run_slot_uq" ON "sys_quartz_job_run" USING btree ("job_id","scheduled_for") WHERE scheduled_for is not null;--> statement-breakpoint
CREATE INDEX "sys_quartz_job_run_job_idx" ON "sys_quartz_job_run" USING btree ("job_id","started_at");--> statement-breakpoint
CREATE INDEX "sys_quartz_job_handler_idx" ON "sys_quartz_job" USING btree ("handler");--> statement-breakpoint
CREATE INDEX "biz_message_user_idx" ON "biz_message" USING btree ("user_id","read_flag","created_at");--> statement-breakpoint
CREATE INDEX "sys_depart_role_user_user_idx" ON "sys_depart_role_user" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_depart_role_code_uq" ON "sys_depart_role" USING btree ("depart_id","role_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_fill_rule_code_uq" ON "sys_fill_rule" USING btree ("rule_code");--> statement-breakpoint
CREATE INDEX "sys_permission_data_rule_perm_idx" ON "sys_permission_data_rule" USING btree ("permission_id");