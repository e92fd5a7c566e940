CREATE TABLE "message_stats_hourly" (
	"workspace_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"network_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"direction" "message_direction" NOT NULL,
	"state" "message_state" NOT NULL,
	"origin" text NOT NULL,
	"error_code" text NOT NULL,
	"messages" integer NOT NULL,
	"segments" bigint NOT NULL,
	CONSTRAINT "message_stats_hourly_pk" PRIMARY KEY("workspace_id","hour","network_id","campaign_id","direction","state","origin","error_code")
);
--> statement-breakpoint
CREATE TABLE "response_times" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"inbound_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone NOT NULL,
	"seconds" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sent_by" uuid;--> statement-breakpoint
ALTER TABLE "message_stats_hourly" ADD CONSTRAINT "message_stats_hourly_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_times" ADD CONSTRAINT "response_times_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_times" ADD CONSTRAINT "response_times_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "response_times_workspace_idx" ON "response_times" USING btree ("workspace_id","responded_at");--> statement-breakpoint
CREATE INDEX "messages_sent_by_idx" ON "messages" USING btree ("sent_by","created_at") WHERE "messages"."sent_by" is not null;--> statement-breakpoint
-- The control panel reads these roll-ups instead of scanning messages. Statement-level triggers with
-- transition tables keep them: one grouped upsert per statement, whatever wrote the messages (a
-- reply, a campaign's 100,000-row queueMany, an API batch, a DLR, a cancel, a cascaded delete), in
-- the same transaction. An update moves only the rows whose counted columns changed (old row −1,
-- new row +1, netted per key). Keys are upserted in key order, so two transactions lock them in the
-- same order. (PostgreSQL allows transition tables only on single-event triggers without a column
-- list: three triggers, one function.)
CREATE FUNCTION "message_stats_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "message_stats_hourly" AS s
      ("workspace_id", "hour", "network_id", "campaign_id", "direction", "state", "origin", "error_code", "messages", "segments")
    SELECT "workspace_id", date_trunc('hour', "created_at", 'UTC'), "network_id",
      coalesce("campaign_id", '00000000-0000-0000-0000-000000000000'), "direction", "state",
      coalesce("origin"::text, ''), coalesce("error_code", ''), count(*), sum("segments")
    FROM "stats_new_rows"
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ("workspace_id", "hour", "network_id", "campaign_id", "direction", "state", "origin", "error_code")
    DO UPDATE SET "messages" = s."messages" + excluded."messages", "segments" = s."segments" + excluded."segments";
    -- A reply answers the thread's inbound messages since its previous reply: the earliest of them
    -- starts the stretch (none: the reply answered nothing new, no row).
    INSERT INTO "response_times" ("workspace_id", "conversation_id", "inbound_at", "responded_at", "seconds")
    SELECT r."workspace_id", r."conversation_id", i."at", r."created_at",
      greatest(0, floor(extract(epoch FROM r."created_at" - i."at")))::int
    FROM "stats_new_rows" r
    CROSS JOIN LATERAL (
      SELECT max(p."created_at") AS "at" FROM "messages" p
      WHERE p."conversation_id" = r."conversation_id" AND p."direction" = 'out' AND p."origin" = 'reply'
        AND p."created_at" < r."created_at"
    ) prev
    CROSS JOIN LATERAL (
      SELECT min(m."created_at") AS "at" FROM "messages" m
      WHERE m."conversation_id" = r."conversation_id" AND m."direction" = 'in'
        AND m."created_at" > coalesce(prev."at", '-infinity') AND m."created_at" <= r."created_at"
    ) i
    WHERE r."direction" = 'out' AND r."origin" = 'reply' AND r."conversation_id" IS NOT NULL AND i."at" IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    -- A workspace deleted earlier in the same transaction took its roll-up rows with it.
    INSERT INTO "message_stats_hourly" AS s
      ("workspace_id", "hour", "network_id", "campaign_id", "direction", "state", "origin", "error_code", "messages", "segments")
    SELECT "workspace_id", date_trunc('hour', "created_at", 'UTC'), "network_id",
      coalesce("campaign_id", '00000000-0000-0000-0000-000000000000'), "direction", "state",
      coalesce("origin"::text, ''), coalesce("error_code", ''), -count(*), -sum("segments")
    FROM "stats_old_rows"
    WHERE "workspace_id" IN (SELECT "id" FROM "workspaces")
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ("workspace_id", "hour", "network_id", "campaign_id", "direction", "state", "origin", "error_code")
    DO UPDATE SET "messages" = s."messages" + excluded."messages", "segments" = s."segments" + excluded."segments";
  ELSE
    WITH "changed" AS (
      SELECT o.* FROM "stats_old_rows" o JOIN "stats_new_rows" n USING ("id")
      WHERE (o."workspace_id", o."created_at", o."network_id", o."campaign_id", o."direction", o."state", o."origin", o."error_code", o."segments")
        IS DISTINCT FROM (n."workspace_id", n."created_at", n."network_id", n."campaign_id", n."direction", n."state", n."origin", n."error_code", n."segments")
    ), "delta" AS (
      SELECT n."workspace_id", n."created_at", n."network_id", n."campaign_id", n."direction", n."state", n."origin", n."error_code",
        1 AS "messages", n."segments"
      FROM "stats_new_rows" n WHERE n."id" IN (SELECT "id" FROM "changed")
      UNION ALL
      SELECT "workspace_id", "created_at", "network_id", "campaign_id", "direction", "state", "origin", "error_code",
        -1, -"segments"
      FROM "changed"
    )
    INSERT INTO "message_stats_hourly" AS s
      ("workspace_id", "hour", "network_id", "campaign_id", "direction", "state", "origin", "error_code", "messages", "segments")
    SELECT "workspace_id", date_trunc('hour', "created_at", 'UTC'), "network_id",
      coalesce("campaign_id", '00000000-0000-0000-0000-000000000000'), "direction", "state",
      coalesce("origin"::text, ''), coalesce("error_code", ''), sum("messages"), sum("segments")
    FROM "delta"
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    HAVING sum("messages") <> 0 OR sum("segments") <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ("workspace_id", "hour", "network_id", "campaign_id", "direction", "state", "origin", "error_code")
    DO UPDATE SET "messages" = s."messages" + excluded."messages", "segments" = s."segments" + excluded."segments";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "message_stats_inserted" AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS "stats_new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "message_stats_apply"();--> statement-breakpoint
CREATE TRIGGER "message_stats_updated" AFTER UPDATE ON "messages"
  REFERENCING OLD TABLE AS "stats_old_rows" NEW TABLE AS "stats_new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "message_stats_apply"();--> statement-breakpoint
CREATE TRIGGER "message_stats_deleted" AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS "stats_old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "message_stats_apply"();--> statement-breakpoint
-- The existing messages, counted once. The triggers above already hold messages' lock (CREATE
-- TRIGGER waits for writers and blocks new ones until this migration commits), so nothing written
-- meanwhile is missed or counted twice.
INSERT INTO "message_stats_hourly"
  ("workspace_id", "hour", "network_id", "campaign_id", "direction", "state", "origin", "error_code", "messages", "segments")
SELECT m."workspace_id", date_trunc('hour', m."created_at", 'UTC'), m."network_id",
  coalesce(m."campaign_id", '00000000-0000-0000-0000-000000000000'), m."direction", m."state",
  coalesce(m."origin"::text, ''), coalesce(m."error_code", ''), count(*), sum(m."segments")
FROM "messages" m
WHERE m."workspace_id" IN (SELECT "id" FROM "workspaces")
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;--> statement-breakpoint
-- The existing threads' answered stretches, as the insert trigger would have found them. A reply
-- answers the first inbound text since the reply before it. In one pass per thread: every message
-- is numbered by the replies strictly before it ("stretch"); a reply and the inbound texts of its
-- number are one stretch. (A look-up per reply would be quadratic on a long thread.)
INSERT INTO "response_times" ("workspace_id", "conversation_id", "inbound_at", "responded_at", "seconds")
SELECT s."workspace_id", s."conversation_id", s."first_in", s."created_at",
  greatest(0, floor(extract(epoch FROM s."created_at" - s."first_in")))::int
FROM (
  SELECT n.*, min(n."created_at") FILTER (WHERE n."direction"::text = 'in')
    OVER (PARTITION BY n."conversation_id", n."stretch") AS "first_in"
  FROM (
    SELECT m."workspace_id", m."conversation_id", m."created_at", m."direction", m."origin",
      -- The replies up to this time (its peers included), less those at this very time: a frame
      -- with EXCLUDE GROUP would recount every row's frame from the start, quadratic again.
      count(*) FILTER (WHERE m."direction"::text = 'out' AND m."origin"::text = 'reply')
        OVER (PARTITION BY m."conversation_id" ORDER BY m."created_at")
      - count(*) FILTER (WHERE m."direction"::text = 'out' AND m."origin"::text = 'reply')
        OVER (PARTITION BY m."conversation_id", m."created_at") AS "stretch"
    FROM "messages" m
    WHERE m."conversation_id" IS NOT NULL
  ) n
) s
WHERE s."direction"::text = 'out' AND s."origin"::text = 'reply' AND s."first_in" IS NOT NULL
  AND s."workspace_id" IN (SELECT "id" FROM "workspaces");
