ALTER TABLE "conversations" ADD COLUMN "has_sms" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Threads created by a voice message before this column existed hold no SMS.
UPDATE "conversations" SET "has_sms" = false WHERE NOT EXISTS (SELECT 1 FROM "messages" m WHERE m."conversation_id" = "conversations"."id");
