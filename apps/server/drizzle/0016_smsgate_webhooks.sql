CREATE TABLE "smsgate_signing_keys" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"key_sealed" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "format" text DEFAULT 'switchboard' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "smsgate_id" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "smsgate_event" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "device_id" uuid;--> statement-breakpoint
ALTER TABLE "smsgate_signing_keys" ADD CONSTRAINT "smsgate_signing_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_device_id_networks_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_endpoints_smsgate_id_idx" ON "webhook_endpoints" USING btree ("workspace_id","smsgate_id");