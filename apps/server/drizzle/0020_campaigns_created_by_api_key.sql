ALTER TABLE "campaigns" ADD COLUMN "created_by_api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "created_by_api_key_name" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_api_key_id_api_keys_id_fk" FOREIGN KEY ("created_by_api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;