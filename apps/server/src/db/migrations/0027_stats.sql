CREATE TABLE "stat_daily" (
	"day" date NOT NULL,
	"measure" varchar(16) NOT NULL,
	"key" varchar(64) NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_daily_pk" PRIMARY KEY("day","measure","key")
);
--> statement-breakpoint
CREATE INDEX "stat_daily_measure_idx" ON "stat_daily" USING btree ("measure","day");