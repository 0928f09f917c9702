CREATE TABLE "questionnaire_answer_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"answer_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"option_id" uuid,
	"text" varchar(500),
	"rating" smallint
);
--> statement-breakpoint
CREATE TABLE "questionnaire_answer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"questionnaire_id" uuid NOT NULL,
	"user_id" uuid,
	"device_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_option" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"sort_no" smallint NOT NULL,
	"label" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_question" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"questionnaire_id" uuid NOT NULL,
	"sort_no" smallint NOT NULL,
	"kind" varchar(8) NOT NULL,
	"title" varchar(200) NOT NULL,
	"required" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(100) NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"open_time" timestamp with time zone NOT NULL,
	"close_time" timestamp with time zone NOT NULL,
	"allow_anonymous" boolean DEFAULT false NOT NULL,
	"show_results" boolean DEFAULT false NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"join_number" integer DEFAULT 0 NOT NULL,
	"org_code" varchar(64),
	"created_by" uuid,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "questionnaire_answer_item" ADD CONSTRAINT "questionnaire_answer_item_answer_id_questionnaire_answer_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."questionnaire_answer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answer_item" ADD CONSTRAINT "questionnaire_answer_item_question_id_questionnaire_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questionnaire_question"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answer_item" ADD CONSTRAINT "questionnaire_answer_item_option_id_questionnaire_option_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."questionnaire_option"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answer" ADD CONSTRAINT "questionnaire_answer_questionnaire_id_questionnaire_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaire"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answer" ADD CONSTRAINT "questionnaire_answer_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_option" ADD CONSTRAINT "questionnaire_option_question_id_questionnaire_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questionnaire_question"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_question" ADD CONSTRAINT "questionnaire_question_questionnaire_id_questionnaire_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaire"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire" ADD CONSTRAINT "questionnaire_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questionnaire_item_answer_idx" ON "questionnaire_answer_item" USING btree ("answer_id");--> statement-breakpoint
CREATE INDEX "questionnaire_item_question_idx" ON "questionnaire_answer_item" USING btree ("question_id","option_id");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_answer_user_uq" ON "questionnaire_answer" USING btree ("questionnaire_id","user_id") WHERE "questionnaire_answer"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_answer_device_uq" ON "questionnaire_answer" USING btree ("questionnaire_id","device_id") WHERE "questionnaire_answer"."device_id" is not null;--> statement-breakpoint
CREATE INDEX "questionnaire_answer_time_idx" ON "questionnaire_answer" USING btree ("questionnaire_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_option_order_uq" ON "questionnaire_option" USING btree ("question_id","sort_no");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_question_order_uq" ON "questionnaire_question" USING btree ("questionnaire_id","sort_no");--> statement-breakpoint
CREATE INDEX "questionnaire_org_idx" ON "questionnaire" USING btree ("org_code");--> statement-breakpoint
CREATE INDEX "questionnaire_public_idx" ON "questionnaire" USING btree ("close_time") WHERE "questionnaire"."status" in ('1', '2') and "questionnaire"."deleted_at" is null;