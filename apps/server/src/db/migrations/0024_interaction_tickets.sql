CREATE TABLE "interaction_ticket" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(32) NOT NULL,
	"title" varchar(200) NOT NULL,
	"content" varchar(2000) NOT NULL,
	"consult_type" varchar(16),
	"data_format" varchar(16),
	"protection_type" varchar(1),
	"catalog_id" uuid,
	"catalog_name" varchar(200),
	"requested_org_code" varchar(64),
	"org_code" varchar(64),
	"status" smallint DEFAULT 9 NOT NULL,
	"submitter_id" uuid NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reply" text,
	"reply_attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reply_org_code" varchar(64),
	"reply_depart_name" varchar(100),
	"replied_by" uuid,
	"replied_at" timestamp with time zone,
	"first_replied_at" timestamp with time zone,
	"reply_on_time" boolean,
	"close_reason" varchar(500),
	"score" smallint,
	"rated_at" timestamp with time zone,
	"reopened_at" timestamp with time zone,
	"off_shelf_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interaction_ticket" ADD CONSTRAINT "interaction_ticket_catalog_id_data_catalog_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."data_catalog"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interaction_ticket" ADD CONSTRAINT "interaction_ticket_submitter_id_sys_user_id_fk" FOREIGN KEY ("submitter_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interaction_ticket" ADD CONSTRAINT "interaction_ticket_replied_by_sys_user_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interaction_ticket_kind_idx" ON "interaction_ticket" USING btree ("kind","status","submitted_at");--> statement-breakpoint
CREATE INDEX "interaction_ticket_org_idx" ON "interaction_ticket" USING btree ("org_code","kind");--> statement-breakpoint
CREATE INDEX "interaction_ticket_submitter_idx" ON "interaction_ticket" USING btree ("submitter_id","submitted_at");--> statement-breakpoint
CREATE INDEX "interaction_ticket_search_idx" ON "interaction_ticket" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "interaction_ticket_public_idx" ON "interaction_ticket" USING btree ("kind","replied_at") WHERE "interaction_ticket"."is_public" and "interaction_ticket"."status" in (2, 3) and "interaction_ticket"."reply" is not null;