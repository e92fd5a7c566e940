CREATE TABLE "message_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"network_id" uuid NOT NULL,
	"body" text NOT NULL,
	"metadata" jsonb,
	"send_at" timestamp with time zone,
	"callback_url" text,
	"recipients" integer NOT NULL,
	"queued" integer NOT NULL,
	"refused" jsonb NOT NULL,
	"segments" integer NOT NULL,
	"spread" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "callback_endpoint_id" uuid;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "callback_key_id" uuid;--> statement-breakpoint
ALTER TABLE "message_batches" ADD CONSTRAINT "message_batches_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_batches_workspace_idx" ON "message_batches" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_callback_key_id_api_keys_id_fk" FOREIGN KEY ("callback_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_batch_idx" ON "messages" USING btree ("batch_id","created_at","id") WHERE "messages"."batch_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_endpoints_callback_idx" ON "webhook_endpoints" USING btree ("callback_key_id","url");