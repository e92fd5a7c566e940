CREATE TABLE "smsgate_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"network_id" uuid,
	"message_ids" uuid[] NOT NULL,
	"text" text NOT NULL,
	"with_delivery_report" boolean DEFAULT true NOT NULL,
	"sim_number" integer,
	"priority" integer DEFAULT 0 NOT NULL,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smsgate_settings" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "basic_login" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "basic_password_hash" text;--> statement-breakpoint
ALTER TABLE "smsgate_messages" ADD CONSTRAINT "smsgate_messages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smsgate_messages" ADD CONSTRAINT "smsgate_messages_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smsgate_settings" ADD CONSTRAINT "smsgate_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "smsgate_messages_external_id_idx" ON "smsgate_messages" USING btree ("workspace_id","external_id");--> statement-breakpoint
CREATE INDEX "smsgate_messages_workspace_time_idx" ON "smsgate_messages" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_basic_login_unique" UNIQUE("basic_login");