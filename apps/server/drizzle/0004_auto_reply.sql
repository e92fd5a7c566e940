CREATE TABLE "auto_reply_firings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"inbound_message_id" uuid NOT NULL,
	"reply_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_reply_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"priority" integer NOT NULL,
	"all_networks" boolean DEFAULT true NOT NULL,
	"network_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"trigger" jsonb NOT NULL,
	"reply_text" text NOT NULL,
	"cooldown_minutes" integer NOT NULL,
	"time_zone" text NOT NULL,
	"active_from" date,
	"active_until" date,
	"fired_count" integer DEFAULT 0 NOT NULL,
	"last_fired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "auto_reply_hourly_limit" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "auto_reply_firings" ADD CONSTRAINT "auto_reply_firings_rule_id_auto_reply_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."auto_reply_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_reply_firings" ADD CONSTRAINT "auto_reply_firings_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_reply_rules" ADD CONSTRAINT "auto_reply_rules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_reply_firings_contact_idx" ON "auto_reply_firings" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE INDEX "auto_reply_firings_rule_idx" ON "auto_reply_firings" USING btree ("rule_id");--> statement-breakpoint
CREATE INDEX "auto_reply_rules_workspace_idx" ON "auto_reply_rules" USING btree ("workspace_id","priority");