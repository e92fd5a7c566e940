-- A campaign's message joins its thread once it has gone out (sent, delivered) or failed, no longer
-- when a dispatcher claims it. A claim can be given back: the campaign was paused or cancelled
-- between the claim and the send. The message then went back to the queue, or was cancelled,
-- with a thread it was never sent in, and that thread's preview showed a text nobody received.
DROP TRIGGER "messages_join_thread" ON "messages";--> statement-breakpoint
CREATE TRIGGER "messages_join_thread" BEFORE UPDATE OF "state" ON "messages"
  FOR EACH ROW WHEN (OLD."conversation_id" IS NULL AND NEW."state"::text NOT IN ('queued', 'sending', 'cancelled'))
  EXECUTE FUNCTION "messages_join_thread"();
