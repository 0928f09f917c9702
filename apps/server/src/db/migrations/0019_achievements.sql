CREATE TABLE "achievement_collect" (
	"achievement_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "achievement_collect_achievement_id_user_id_pk" PRIMARY KEY("achievement_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "achievement_dataset" (
	"achievement_id" uuid NOT NULL,
	"catalog_id" uuid NOT NULL,
	"sort_no" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "achievement_dataset_achievement_id_catalog_id_pk" PRIMARY KEY("achievement_id","catalog_id")
);
--> statement-breakpoint
CREATE TABLE "achievement_image" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"storage_key" varchar(300) NOT NULL,
	"mime_type" varchar(32) NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "achievement_rating" (
	"achievement_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"score" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "achievement_rating_achievement_id_user_id_pk" PRIMARY KEY("achievement_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "achievement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"apply_name" varchar(100) NOT NULL,
	"application_type" varchar(8) NOT NULL,
	"domain_id" varchar(8) NOT NULL,
	"developer_type" varchar(1) NOT NULL,
	"developer_name" varchar(100) NOT NULL,
	"url" varchar(500),
	"qr_code_id" uuid,
	"online_date" date NOT NULL,
	"apply_introduce" varchar(300) NOT NULL,
	"logo_id" uuid NOT NULL,
	"screenshot_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"owner_id" uuid NOT NULL,
	"org_code" varchar(64),
	"reason" varchar(500),
	"link_broken" boolean DEFAULT false NOT NULL,
	"link_checked_at" timestamp with time zone,
	"link_error" varchar(200),
	"view_num" integer DEFAULT 0 NOT NULL,
	"collect_num" integer DEFAULT 0 NOT NULL,
	"score_sum" integer DEFAULT 0 NOT NULL,
	"score_num" integer DEFAULT 0 NOT NULL,
	"score_avg" numeric(3, 2) DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "achievement_collect" ADD CONSTRAINT "achievement_collect_achievement_id_achievement_id_fk" FOREIGN KEY ("achievement_id") REFERENCES "public"."achievement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievement_collect" ADD CONSTRAINT "achievement_collect_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievement_dataset" ADD CONSTRAINT "achievement_dataset_achievement_id_achievement_id_fk" FOREIGN KEY ("achievement_id") REFERENCES "public"."achievement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievement_dataset" ADD CONSTRAINT "achievement_dataset_catalog_id_data_catalog_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."data_catalog"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievement_image" ADD CONSTRAINT "achievement_image_owner_id_sys_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievement_rating" ADD CONSTRAINT "achievement_rating_achievement_id_achievement_id_fk" FOREIGN KEY ("achievement_id") REFERENCES "public"."achievement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievement_rating" ADD CONSTRAINT "achievement_rating_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievement" ADD CONSTRAINT "achievement_owner_id_sys_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "achievement_dataset_catalog_idx" ON "achievement_dataset" USING btree ("catalog_id");--> statement-breakpoint
CREATE INDEX "achievement_image_owner_idx" ON "achievement_image" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "achievement_url_uq" ON "achievement" USING btree ("url") WHERE "achievement"."deleted_at" is null and "achievement"."url" is not null;--> statement-breakpoint
CREATE INDEX "achievement_owner_idx" ON "achievement" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "achievement_org_idx" ON "achievement" USING btree ("org_code");--> statement-breakpoint
CREATE INDEX "achievement_published_idx" ON "achievement" USING btree ("published_at") WHERE "achievement"."status" = '2' and "achievement"."deleted_at" is null;