CREATE TABLE "data_catalog_collect" (
	"catalog_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_catalog_collect_catalog_id_user_id_pk" PRIMARY KEY("catalog_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "data_catalog_download" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"catalog_id" uuid NOT NULL,
	"file_id" uuid,
	"format" varchar(8) NOT NULL,
	"user_id" uuid,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_catalog_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"catalog_id" uuid NOT NULL,
	"kind" varchar(8) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"stored_name" varchar(100) NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"encoding" varchar(16),
	"columns" jsonb,
	"row_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "data_catalog_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"catalog_id" uuid NOT NULL,
	"serial_number" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"en_name" varchar(100),
	"data_type" varchar(16) NOT NULL,
	"data_length" integer,
	"share_property" varchar(4) DEFAULT '10' NOT NULL,
	"sharing_condition" varchar(300),
	"open_attribute" varchar(4),
	"primary_key" boolean DEFAULT false NOT NULL,
	"null_value" boolean DEFAULT true NOT NULL,
	"data_level" varchar(8),
	"field_description" varchar(300),
	"masked" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_catalog_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"catalog_id" uuid NOT NULL,
	"action" varchar(32) NOT NULL,
	"from_catalog_status" smallint,
	"to_catalog_status" smallint,
	"from_shelf_status" smallint,
	"to_shelf_status" smallint,
	"comment" varchar(500),
	"user_id" uuid,
	"username" varchar(64),
	"realname" varchar(64),
	"org_code" varchar(64),
	"depart_name" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_catalog_rating" (
	"catalog_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"score" smallint NOT NULL,
	"comment" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_catalog_rating_catalog_id_user_id_pk" PRIMARY KEY("catalog_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "data_catalog_row" (
	"file_id" uuid NOT NULL,
	"row_no" integer NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "data_catalog_row_file_id_row_no_pk" PRIMARY KEY("file_id","row_no")
);
--> statement-breakpoint
CREATE TABLE "data_catalog" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"catalog_code" varchar(32) NOT NULL,
	"catalog_name" varchar(200) NOT NULL,
	"catalog_en" varchar(200),
	"org_code" varchar(64) NOT NULL,
	"business_department" varchar(100),
	"source_system" varchar(100),
	"contact_person" varchar(64),
	"contact_phone" varchar(40),
	"information_summary" varchar(600) NOT NULL,
	"key_areas_type" varchar(8) NOT NULL,
	"key_areas_remark" varchar(200),
	"base_library" varchar(8) DEFAULT '0' NOT NULL,
	"category_id" uuid,
	"data_range" varchar(8) DEFAULT '3' NOT NULL,
	"share_type" varchar(4) NOT NULL,
	"share_condition" varchar(500),
	"dont_share_condition" varchar(500),
	"share_mode" varchar(16),
	"open_type" varchar(4) NOT NULL,
	"open_condition" varchar(500),
	"open_society" boolean DEFAULT false NOT NULL,
	"update_frequency" varchar(4) NOT NULL,
	"input_frequency" varchar(32),
	"release_time" timestamp with time zone,
	"data_update_time" timestamp with time zone,
	"data_format" varchar(8) DEFAULT 'file' NOT NULL,
	"catalog_status" smallint DEFAULT 0 NOT NULL,
	"shelf_status" smallint DEFAULT 0 NOT NULL,
	"shelf_status_before_delete" smallint,
	"mount" jsonb,
	"view_num" integer DEFAULT 0 NOT NULL,
	"download_num" integer DEFAULT 0 NOT NULL,
	"applications_num" integer DEFAULT 0 NOT NULL,
	"collect_num" integer DEFAULT 0 NOT NULL,
	"score_avg" numeric(3, 2) DEFAULT '0' NOT NULL,
	"score_count" integer DEFAULT 0 NOT NULL,
	"total_num" bigint DEFAULT 0 NOT NULL,
	"search_vector" "tsvector",
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_category" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid,
	"category_name" varchar(100) NOT NULL,
	"category_code" varchar(32) NOT NULL,
	"tree_item_id" smallint DEFAULT 1 NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_code_sequence" (
	"prefix" varchar(64) PRIMARY KEY NOT NULL,
	"value" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"catalog_id" uuid NOT NULL,
	"order_type" varchar(16) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"launch_org_code" varchar(64) NOT NULL,
	"submitter_id" uuid,
	"submit_time" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb,
	"handler_id" uuid,
	"approval_time" timestamp with time zone,
	"decision" varchar(8),
	"comment" varchar(500)
);
--> statement-breakpoint
ALTER TABLE "data_catalog_collect" ADD CONSTRAINT "data_catalog_collect_catalog_id_data_catalog_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."data_catalog"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_catalog_collect" ADD CONSTRAINT "data_catalog_collect_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_catalog_download" ADD CONSTRAINT "data_catalog_download_catalog_id_data_catalog_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."data_catalog"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_catalog_file" ADD CONSTRAINT "data_catalog_file_catalog_id_data_catalog_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."data_catalog"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_catalog_item" ADD CONSTRAINT "data_catalog_item_catalog_id_data_catalog_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."data_catalog"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_catalog_log" ADD CONSTRAINT "data_catalog_log_catalog_id_data_catalog_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."data_catalog"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_catalog_rating" ADD CONSTRAINT "data_catalog_rating_catalog_id_data_catalog_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."data_catalog"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_catalog_rating" ADD CONSTRAINT "data_catalog_rating_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_catalog_row" ADD CONSTRAINT "data_catalog_row_file_id_data_catalog_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."data_catalog_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_catalog" ADD CONSTRAINT "data_catalog_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order" ADD CONSTRAINT "work_order_catalog_id_data_catalog_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."data_catalog"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_catalog_download_catalog_idx" ON "data_catalog_download" USING btree ("catalog_id","created_at");--> statement-breakpoint
CREATE INDEX "data_catalog_file_catalog_idx" ON "data_catalog_file" USING btree ("catalog_id");--> statement-breakpoint
CREATE INDEX "data_catalog_item_catalog_idx" ON "data_catalog_item" USING btree ("catalog_id","serial_number");--> statement-breakpoint
CREATE INDEX "data_catalog_log_catalog_idx" ON "data_catalog_log" USING btree ("catalog_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "data_catalog_code_uq" ON "data_catalog" USING btree ("catalog_code");--> statement-breakpoint
CREATE UNIQUE INDEX "data_catalog_org_name_uq" ON "data_catalog" USING btree ("org_code","catalog_name");--> statement-breakpoint
CREATE INDEX "data_catalog_status_idx" ON "data_catalog" USING btree ("shelf_status","open_type","release_time");--> statement-breakpoint
CREATE INDEX "data_catalog_org_idx" ON "data_catalog" USING btree ("org_code","catalog_status");--> statement-breakpoint
CREATE INDEX "data_catalog_search_idx" ON "data_catalog" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "data_category_parent_idx" ON "data_category" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "data_category_code_uq" ON "data_category" USING btree ("category_code");--> statement-breakpoint
CREATE INDEX "work_order_status_idx" ON "work_order" USING btree ("status","submit_time");--> statement-breakpoint
CREATE INDEX "work_order_catalog_idx" ON "work_order" USING btree ("catalog_id");