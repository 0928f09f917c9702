CREATE TABLE "sys_sms_code" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mobile" varchar(20) NOT NULL,
	"purpose" varchar(1) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"delivered" smallint DEFAULT 1 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user_profile" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"account_type" varchar(1) DEFAULT '1' NOT NULL,
	"company_name" varchar(100),
	"credit_code" varchar(18),
	"agreement_version" varchar(20),
	"avatar_file" varchar(80),
	"real_name_status" smallint DEFAULT 0 NOT NULL,
	"id_name" varchar(32),
	"id_number_masked" varchar(18),
	"real_name_submitted_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"verified_by" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_catalog" ADD COLUMN "apply_needs_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user_profile" ADD CONSTRAINT "sys_user_profile_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_sms_code_mobile_idx" ON "sys_sms_code" USING btree ("mobile","purpose","created_at");--> statement-breakpoint
CREATE INDEX "sys_sms_code_ip_idx" ON "sys_sms_code" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "sys_user_profile_credit_idx" ON "sys_user_profile" USING btree ("credit_code");--> statement-breakpoint
CREATE INDEX "sys_user_profile_avatar_idx" ON "sys_user_profile" USING btree ("avatar_file");