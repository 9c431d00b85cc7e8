DROP INDEX "chat_messages_unread";--> statement-breakpoint
ALTER TABLE "chat_messages" DROP COLUMN "is_read";