CREATE TABLE "response_time_stats_hourly" (
	"workspace_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"seconds" integer NOT NULL,
	"stretches" integer NOT NULL,
	CONSTRAINT "response_time_stats_hourly_pk" PRIMARY KEY("workspace_id","hour","seconds")
);
--> statement-breakpoint
ALTER TABLE "response_time_stats_hourly" ADD CONSTRAINT "response_time_stats_hourly_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_stats_hourly_failed_idx" ON "message_stats_hourly" USING btree ("workspace_id","hour") WHERE "message_stats_hourly"."direction" = 'out' and "message_stats_hourly"."state" = 'failed';--> statement-breakpoint
-- A stretch's seconds rounded down to two significant digits: 0–99 exact, then 100, 110, …, 990,
-- 1000, 1100, … (a median read from the histogram is at most 10 % under the exact one).
CREATE FUNCTION "response_time_bucket"("s" integer) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN "s" < 100 THEN greatest("s", 0) ELSE ("s" / "p") * "p" END
  FROM (SELECT (10 ^ (length("s"::text) - 2))::integer AS "p") "x"
$$;--> statement-breakpoint
-- The histogram follows response_times row for row (inserts by the messages trigger, deletes by
-- a thread's or workspace's cascade), one grouped upsert per statement, as message_stats_apply.
CREATE FUNCTION "response_time_stats_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "response_time_stats_hourly" AS s ("workspace_id", "hour", "seconds", "stretches")
    SELECT "workspace_id", date_trunc('hour', "responded_at", 'UTC'), "response_time_bucket"("seconds"), count(*)
    FROM "rt_new_rows"
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT ("workspace_id", "hour", "seconds") DO UPDATE SET "stretches" = s."stretches" + excluded."stretches";
  ELSE
    -- A workspace deleted earlier in the same transaction took its histogram with it.
    INSERT INTO "response_time_stats_hourly" AS s ("workspace_id", "hour", "seconds", "stretches")
    SELECT "workspace_id", date_trunc('hour', "responded_at", 'UTC'), "response_time_bucket"("seconds"), -count(*)
    FROM "rt_old_rows"
    WHERE "workspace_id" IN (SELECT "id" FROM "workspaces")
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT ("workspace_id", "hour", "seconds") DO UPDATE SET "stretches" = s."stretches" + excluded."stretches";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "response_time_stats_inserted" AFTER INSERT ON "response_times"
  REFERENCING NEW TABLE AS "rt_new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "response_time_stats_apply"();--> statement-breakpoint
CREATE TRIGGER "response_time_stats_deleted" AFTER DELETE ON "response_times"
  REFERENCING OLD TABLE AS "rt_old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "response_time_stats_apply"();--> statement-breakpoint
-- The existing stretches, counted once.
INSERT INTO "response_time_stats_hourly" ("workspace_id", "hour", "seconds", "stretches")
SELECT "workspace_id", date_trunc('hour', "responded_at", 'UTC'), "response_time_bucket"("seconds"), count(*)
FROM "response_times"
GROUP BY 1, 2, 3;
