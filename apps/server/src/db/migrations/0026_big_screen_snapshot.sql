CREATE TABLE "big_screen_snapshot" (
	"id" smallint PRIMARY KEY NOT NULL,
	"payload" jsonb NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	"took_ms" integer NOT NULL
);
