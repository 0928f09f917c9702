CREATE TABLE "content_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid,
	"purpose" varchar(16) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"stored_name" varchar(255) NOT NULL,
	"mime_type" varchar(128) NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(16) NOT NULL,
	"type" varchar(16) NOT NULL,
	"title" varchar(200) NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"is_top" boolean DEFAULT false NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"appoint_time" timestamp with time zone,
	"release_time" timestamp with time zone,
	"release_person" varchar(64),
	"release_scope" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_id" uuid,
	"attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"view_num" integer DEFAULT 0 NOT NULL,
	"org_code" varchar(64),
	"dept_name" varchar(100),
	"created_by" uuid,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sys_announcement" ADD COLUMN "is_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "content_file" ADD CONSTRAINT "content_file_item_id_content_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_file" ADD CONSTRAINT "content_file_uploaded_by_sys_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_item" ADD CONSTRAINT "content_item_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_file_item_idx" ON "content_file" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "content_item_public_idx" ON "content_item" USING btree ("kind","type","status","is_top","release_time");--> statement-breakpoint
CREATE INDEX "content_item_due_idx" ON "content_item" USING btree ("appoint_time") WHERE "content_item"."status" = '2' and "content_item"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "content_item_search_idx" ON "content_item" USING gin ("search_vector");