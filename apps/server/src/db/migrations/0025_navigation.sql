CREATE TABLE "nav_app" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(50) NOT NULL,
	"icon_id" uuid,
	"description" varchar(300),
	"url" varchar(1000) NOT NULL,
	"open_mode" smallint DEFAULT 1 NOT NULL,
	"need_login" boolean DEFAULT false NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nav_icon" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" varchar(300) NOT NULL,
	"mime_type" varchar(32) NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nav_launch_token" (
	"jti" varchar(64) PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nav_app" ADD CONSTRAINT "nav_app_icon_id_nav_icon_id_fk" FOREIGN KEY ("icon_id") REFERENCES "public"."nav_icon"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nav_launch_token" ADD CONSTRAINT "nav_launch_token_app_id_nav_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."nav_app"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nav_launch_token" ADD CONSTRAINT "nav_launch_token_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nav_app_sort_idx" ON "nav_app" USING btree ("sort_no");--> statement-breakpoint
CREATE INDEX "nav_launch_token_expires_idx" ON "nav_launch_token" USING btree ("expires_at");