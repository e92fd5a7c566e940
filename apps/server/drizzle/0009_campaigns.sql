CREATE TYPE "public"."campaign_state" AS ENUM('draft', 'scheduled', 'sending', 'paused', 'completed', 'cancelled', 'failed');--> statement-breakpoint
ALTER TYPE "public"."message_state" ADD VALUE 'cancelled';--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"state" "campaign_state" DEFAULT 'draft' NOT NULL,
	"network_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"network_rates" jsonb,
	"audience" jsonb NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"send_at" timestamp with time zone,
	"schedule_time_zone" text,
	"rate_per_second" integer DEFAULT 10 NOT NULL,
	"quiet_hours" jsonb,
	"exclusions" jsonb,
	"failure_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_network_id_networks_id_fk";
--> statement-breakpoint
DROP INDEX "messages_dispatch_idx";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_workspace_idx" ON "campaigns" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaigns_scheduled_idx" ON "campaigns" USING btree ("send_at") WHERE "campaigns"."state" = 'scheduled';--> statement-breakpoint
CREATE INDEX "messages_campaign_due_idx" ON "messages" USING btree ("campaign_id","network_id","next_attempt_at") WHERE "messages"."state" = 'queued' and "messages"."campaign_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_campaign_idx" ON "messages" USING btree ("campaign_id","created_at","id") WHERE "messages"."campaign_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_inbound_idx" ON "messages" USING btree ("network_id","created_at") WHERE "messages"."direction" = 'in';--> statement-breakpoint
CREATE INDEX "messages_sending_idx" ON "messages" USING btree ("network_id","lease_until") WHERE "messages"."state" = 'sending';--> statement-breakpoint
CREATE INDEX "messages_dispatch_idx" ON "messages" USING btree ("network_id","created_at","id") WHERE "messages"."state" in ('queued', 'sending') and "messages"."campaign_id" is null;