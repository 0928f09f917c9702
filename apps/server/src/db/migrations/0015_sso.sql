CREATE TABLE "sso_identity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer" varchar(500) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"claimed_name" varchar(64),
	"display_name" varchar(64),
	"email" varchar(320),
	"phone" varchar(20),
	"status" smallint DEFAULT 0 NOT NULL,
	"user_id" uuid,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"authorised_by" uuid,
	"authorised_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_ticket" (
	"key" varchar(128) PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_identity" ADD CONSTRAINT "sso_identity_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_identity_issuer_subject_uq" ON "sso_identity" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "sso_identity_user_idx" ON "sso_identity" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sso_ticket_expires_idx" ON "sso_ticket" USING btree ("expires_at");