CREATE TABLE "data_catalog_user_view" (
	"user_id" uuid NOT NULL,
	"catalog_id" uuid NOT NULL,
	"view_count" integer DEFAULT 1 NOT NULL,
	"first_viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_catalog_user_view_user_id_catalog_id_pk" PRIMARY KEY("user_id","catalog_id")
);
--> statement-breakpoint
ALTER TABLE "data_catalog_user_view" ADD CONSTRAINT "data_catalog_user_view_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_catalog_user_view" ADD CONSTRAINT "data_catalog_user_view_catalog_id_data_catalog_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."data_catalog"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_catalog_user_view_recent_idx" ON "data_catalog_user_view" USING btree ("user_id","last_viewed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "data_catalog_download_user_idx" ON "data_catalog_download" USING btree ("user_id","created_at" DESC NULLS LAST) WHERE user_id is not null;