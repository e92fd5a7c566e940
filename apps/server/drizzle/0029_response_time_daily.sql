CREATE TABLE "response_time_stats_daily" (
	"workspace_id" uuid NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"seconds" integer NOT NULL,
	"stretches" integer NOT NULL,
	CONSTRAINT "response_time_stats_daily_pk" PRIMARY KEY("workspace_id","day","seconds")
);
--> statement-breakpoint
ALTER TABLE "response_time_stats_daily" ADD CONSTRAINT "response_time_stats_daily_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The histogram's two levels follow response_times row for row, one grouped upsert each per
-- statement (as in 0028).
CREATE OR REPLACE FUNCTION "response_time_stats_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "response_time_stats_hourly" AS s ("workspace_id", "hour", "seconds", "stretches")
    SELECT "workspace_id", date_trunc('hour', "responded_at", 'UTC'), "response_time_bucket"("seconds"), count(*)
    FROM "rt_new_rows"
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT ("workspace_id", "hour", "seconds") DO UPDATE SET "stretches" = s."stretches" + excluded."stretches";
    INSERT INTO "response_time_stats_daily" AS s ("workspace_id", "day", "seconds", "stretches")
    SELECT "workspace_id", date_trunc('day', "responded_at", 'UTC'), "response_time_bucket"("seconds"), count(*)
    FROM "rt_new_rows"
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT ("workspace_id", "day", "seconds") DO UPDATE SET "stretches" = s."stretches" + excluded."stretches";
  ELSE
    -- A workspace deleted earlier in the same transaction took its histogram with it.
    INSERT INTO "response_time_stats_hourly" AS s ("workspace_id", "hour", "seconds", "stretches")
    SELECT "workspace_id", date_trunc('hour', "responded_at", 'UTC'), "response_time_bucket"("seconds"), -count(*)
    FROM "rt_old_rows"
    WHERE "workspace_id" IN (SELECT "id" FROM "workspaces")
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT ("workspace_id", "hour", "seconds") DO UPDATE SET "stretches" = s."stretches" + excluded."stretches";
    INSERT INTO "response_time_stats_daily" AS s ("workspace_id", "day", "seconds", "stretches")
    SELECT "workspace_id", date_trunc('day', "responded_at", 'UTC'), "response_time_bucket"("seconds"), -count(*)
    FROM "rt_old_rows"
    WHERE "workspace_id" IN (SELECT "id" FROM "workspaces")
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT ("workspace_id", "day", "seconds") DO UPDATE SET "stretches" = s."stretches" + excluded."stretches";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The existing stretches, counted once per day.
INSERT INTO "response_time_stats_daily" ("workspace_id", "day", "seconds", "stretches")
SELECT "workspace_id", date_trunc('day', "responded_at", 'UTC'), "response_time_bucket"("seconds"), count(*)
FROM "response_times"
GROUP BY 1, 2, 3;
