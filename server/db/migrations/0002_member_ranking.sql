DROP INDEX "members_pool";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "pending_received" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "pending_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "match_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "members_recent" ON "members" USING btree ("university_id","status","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "members_recommend" ON "members" USING btree ("university_id","status","match_count" DESC NULLS LAST,"updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "members_fcm_token" ON "members" USING btree ("fcm_token") WHERE "members"."fcm_token" is not null;--> statement-breakpoint
CREATE INDEX "uploads_member_url" ON "uploads" USING btree ("member_id","url");