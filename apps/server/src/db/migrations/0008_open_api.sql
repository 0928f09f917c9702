CREATE TABLE "open_app" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" varchar(50) NOT NULL,
	"description" varchar(200),
	"app_key" varchar(40) NOT NULL,
	"secret_enc" text NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"secret_rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_call_daily" (
	"catalog_id" uuid NOT NULL,
	"day" date NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	"rows" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "open_call_daily_catalog_id_day_pk" PRIMARY KEY("catalog_id","day")
);
--> statement-breakpoint
CREATE TABLE "open_call_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"app_id" uuid,
	"catalog_id" uuid,
	"kind" varchar(16) NOT NULL,
	"status" smallint NOT NULL,
	"latency_ms" integer NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"ip" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "open_grant" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"catalog_id" uuid NOT NULL,
	"fields" jsonb,
	"unmasked" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_nonce" (
	"app_id" uuid NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "open_nonce_app_id_nonce_pk" PRIMARY KEY("app_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "open_quota" (
	"subject" varchar(80) NOT NULL,
	"win" varchar(1) NOT NULL,
	"start" bigint NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "open_quota_subject_win_start_pk" PRIMARY KEY("subject","win","start")
);
--> statement-breakpoint
ALTER TABLE "data_catalog" ADD COLUMN "call_num" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "open_app" ADD CONSTRAINT "open_app_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_call_daily" ADD CONSTRAINT "open_call_daily_catalog_id_data_catalog_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."data_catalog"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_grant" ADD CONSTRAINT "open_grant_app_id_open_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."open_app"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_grant" ADD CONSTRAINT "open_grant_catalog_id_data_catalog_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."data_catalog"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "open_app_key_uq" ON "open_app" USING btree ("app_key");--> statement-breakpoint
CREATE INDEX "open_app_user_idx" ON "open_app" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "open_call_log_at_idx" ON "open_call_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "open_call_log_catalog_idx" ON "open_call_log" USING btree ("catalog_id","at");--> statement-breakpoint
CREATE INDEX "open_call_log_app_idx" ON "open_call_log" USING btree ("app_id","at");--> statement-breakpoint
CREATE INDEX "open_grant_app_idx" ON "open_grant" USING btree ("app_id","catalog_id");--> statement-breakpoint
CREATE INDEX "open_nonce_expires_idx" ON "open_nonce" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "data_catalog_public_call_idx" ON "data_catalog" USING btree ("call_num" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE shelf_status = 2 and open_type in ('1', '2') and call_num > 0;