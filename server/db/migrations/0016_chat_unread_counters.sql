ALTER TABLE "chat_rooms" ADD COLUMN "a_unread" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "b_unread" integer DEFAULT 0 NOT NULL;