ALTER TABLE "chat_rooms" ADD COLUMN "a_read_id" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "b_read_id" bigint DEFAULT 0 NOT NULL;