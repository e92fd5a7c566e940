CREATE TYPE "public"."voice_content_type" AS ENUM('audio/mpeg', 'audio/wav', 'audio/ogg', 'audio/webm');--> statement-breakpoint
CREATE TABLE "voice_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"network_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"provider_recording_id" text,
	"storage_key" text NOT NULL,
	"content_type" "voice_content_type" NOT NULL,
	"size_bytes" integer NOT NULL,
	"duration_seconds" double precision,
	"transcript" text,
	"listened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "compliance_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "opt_out_reply" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "opt_in_reply" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "help_reply" text;--> statement-breakpoint
ALTER TABLE "voice_messages" ADD CONSTRAINT "voice_messages_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_messages" ADD CONSTRAINT "voice_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voice_messages_provider_id_idx" ON "voice_messages" USING btree ("network_id","provider_recording_id");--> statement-breakpoint
CREATE INDEX "voice_messages_inbox_idx" ON "voice_messages" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "voice_messages_unlistened_idx" ON "voice_messages" USING btree ("workspace_id") WHERE "voice_messages"."listened_at" is null;--> statement-breakpoint
CREATE INDEX "conversations_unread_idx" ON "conversations" USING btree ("workspace_id") WHERE "conversations"."unread_count" > 0;