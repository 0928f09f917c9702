CREATE TABLE "wf_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_type" varchar(32) NOT NULL,
	"subject_id" uuid NOT NULL,
	"action" varchar(32) NOT NULL,
	"from_state" jsonb,
	"to_state" jsonb,
	"comment" varchar(500),
	"user_id" uuid,
	"username" varchar(64),
	"realname" varchar(64),
	"org_code" varchar(64),
	"depart_name" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_task" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_type" varchar(32) NOT NULL,
	"subject_id" uuid NOT NULL,
	"task_type" varchar(32) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"owner_org_code" varchar(64),
	"assignee_org_code" varchar(64),
	"assignee_role" varchar(64),
	"assignee_user_id" uuid,
	"submitter_id" uuid,
	"submit_time" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"overdue_at" timestamp with time zone,
	"payload" jsonb,
	"handler_id" uuid,
	"approval_time" timestamp with time zone,
	"decision" varchar(8),
	"comment" varchar(500)
);
--> statement-breakpoint
CREATE INDEX "wf_history_subject_idx" ON "wf_history" USING btree ("subject_type","subject_id","created_at");--> statement-breakpoint
CREATE INDEX "wf_history_time_idx" ON "wf_history" USING btree ("subject_type","created_at");--> statement-breakpoint
CREATE INDEX "wf_task_inbox_idx" ON "wf_task" USING btree ("subject_type","status","submit_time");--> statement-breakpoint
CREATE INDEX "wf_task_subject_idx" ON "wf_task" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "wf_task_due_idx" ON "wf_task" USING btree ("status","due_at");--> statement-breakpoint
INSERT INTO "wf_task" ("id", "subject_type", "subject_id", "task_type", "status", "owner_org_code", "assignee_role", "submitter_id", "submit_time", "payload", "handler_id", "approval_time", "decision", "comment")
SELECT "id", 'catalogue', "catalog_id", "order_type", "status", "launch_org_code", 'reviewer', "submitter_id", "submit_time", "payload", "handler_id", "approval_time", "decision", "comment" FROM "work_order";--> statement-breakpoint
INSERT INTO "wf_history" ("id", "subject_type", "subject_id", "action", "from_state", "to_state", "comment", "user_id", "username", "realname", "org_code", "depart_name", "created_at")
SELECT "id", 'catalogue', "catalog_id", "action",
  CASE WHEN "from_catalog_status" IS NULL AND "from_shelf_status" IS NULL THEN NULL
    ELSE jsonb_build_object('catalog', "from_catalog_status", 'shelf', "from_shelf_status") END,
  CASE WHEN "to_catalog_status" IS NULL AND "to_shelf_status" IS NULL THEN NULL
    ELSE jsonb_build_object('catalog', "to_catalog_status", 'shelf', "to_shelf_status") END,
  "comment", "user_id", "username", "realname", "org_code", "depart_name", "created_at" FROM "data_catalog_log";--> statement-breakpoint
DROP TABLE "data_catalog_log" CASCADE;--> statement-breakpoint
DROP TABLE "work_order" CASCADE;