ALTER TABLE "achievement" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "achievement_search_idx" ON "achievement" USING gin ("search_vector");