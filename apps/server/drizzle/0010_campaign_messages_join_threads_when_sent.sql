DROP INDEX "messages_provider_id_idx";--> statement-breakpoint
DROP INDEX "messages_conversation_idx";--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "conversation_id" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_provider_id_idx" ON "messages" USING btree ("network_id","direction","provider_message_id") WHERE "messages"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "messages"."conversation_id" is not null;--> statement-breakpoint
-- A campaign queues its messages without threads (creating 100,000 conversations was half of a
-- 100,000-recipient start). Each joins its contact's thread on that network when it leaves the
-- queue, whichever path moves it (a dispatcher's claim, a phone's report, a failure): the thread
-- is made if it is new and moves up with the message's preview, as a reply's would.
CREATE FUNCTION "messages_join_thread"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "conversations" ("workspace_id", "network_id", "contact_id", "last_message_at", "last_message_preview")
  VALUES (NEW."workspace_id", NEW."network_id", NEW."contact_id", now(),
    CASE WHEN length(NEW."body") > 120 THEN left(NEW."body", 119) || '…' ELSE NEW."body" END)
  ON CONFLICT ("network_id", "contact_id") DO UPDATE SET
    "has_sms" = true,
    "last_message_at" = greatest("conversations"."last_message_at", excluded."last_message_at"),
    "last_message_preview" = excluded."last_message_preview"
  RETURNING "id" INTO NEW."conversation_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
-- The states compare as text: on a new database every migration runs in one transaction, and
-- PostgreSQL refuses an enum value added in it ('cancelled', migration 0009) as a literal.
CREATE TRIGGER "messages_join_thread" BEFORE UPDATE OF "state" ON "messages"
  FOR EACH ROW WHEN (OLD."conversation_id" IS NULL AND NEW."state"::text NOT IN ('queued', 'cancelled'))
  EXECUTE FUNCTION "messages_join_thread"();
