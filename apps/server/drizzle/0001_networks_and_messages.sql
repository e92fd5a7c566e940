CREATE TYPE "public"."network_kind" AS ENUM('sandbox', 'android', 'smpp', 'http');--> statement-breakpoint
CREATE TYPE "public"."network_log_kind" AS ENUM('webhook-rejected', 'error', 'info');--> statement-breakpoint
CREATE TYPE "public"."network_status" AS ENUM('connected', 'disconnected', 'error');--> statement-breakpoint
CREATE TYPE "public"."message_direction" AS ENUM('in', 'out');--> statement-breakpoint
CREATE TYPE "public"."message_encoding" AS ENUM('GSM-7', 'UCS-2');--> statement-breakpoint
CREATE TYPE "public"."message_origin" AS ENUM('reply', 'auto-reply', 'campaign', 'api', 'test');--> statement-breakpoint
CREATE TYPE "public"."message_state" AS ENUM('queued', 'sending', 'sent', 'delivered', 'failed', 'received');--> statement-breakpoint
CREATE TABLE "android_devices" (
	"network_id" uuid PRIMARY KEY NOT NULL,
	"registration_token_hash" text,
	"registration_token_hint" text,
	"device_id" text,
	"device_token_hash" text,
	"webhook_token" text NOT NULL,
	"signing_key" text NOT NULL,
	"login" text,
	"password_hash" text,
	"name" text,
	"push_token" text,
	"sim_cards" jsonb,
	"registered_at" timestamp with time zone,
	CONSTRAINT "android_devices_registration_token_hash_unique" UNIQUE("registration_token_hash"),
	CONSTRAINT "android_devices_device_id_unique" UNIQUE("device_id"),
	CONSTRAINT "android_devices_device_token_hash_unique" UNIQUE("device_token_hash")
);
--> statement-breakpoint
CREATE TABLE "network_leases" (
	"network_id" uuid PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network_id" uuid NOT NULL,
	"kind" "network_log_kind" NOT NULL,
	"message" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "networks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" "network_kind" NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"status" "network_status" DEFAULT 'disconnected' NOT NULL,
	"last_error" text,
	"last_seen_at" timestamp with time zone,
	"throughput" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"name" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"opted_out_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"network_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_preview" text DEFAULT '' NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"network_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"direction" "message_direction" NOT NULL,
	"body" text NOT NULL,
	"encoding" "message_encoding" NOT NULL,
	"segments" integer NOT NULL,
	"state" "message_state" NOT NULL,
	"origin" "message_origin",
	"provider_message_id" text,
	"error_code" text,
	"error_text" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sending_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"received_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "android_devices" ADD CONSTRAINT "android_devices_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_leases" ADD CONSTRAINT "network_leases_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_logs" ADD CONSTRAINT "network_logs_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networks" ADD CONSTRAINT "networks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "android_devices_webhook_token_idx" ON "android_devices" USING btree ("webhook_token");--> statement-breakpoint
CREATE INDEX "network_logs_network_time_idx" ON "network_logs" USING btree ("network_id","created_at");--> statement-breakpoint
CREATE INDEX "networks_workspace_idx" ON "networks" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_workspace_phone_idx" ON "contacts" USING btree ("workspace_id","phone_number");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_network_contact_idx" ON "conversations" USING btree ("network_id","contact_id");--> statement-breakpoint
CREATE INDEX "conversations_inbox_idx" ON "conversations" USING btree ("workspace_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_contact_idx" ON "conversations" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_provider_id_idx" ON "messages" USING btree ("network_id","direction","provider_message_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_dispatch_idx" ON "messages" USING btree ("network_id","created_at","id") WHERE "messages"."state" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "messages_network_time_idx" ON "messages" USING btree ("network_id","created_at");