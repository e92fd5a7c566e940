-- Existing memberships take their contact's creation time before the column becomes required.
ALTER TABLE "contact_list_members" ADD COLUMN "contact_created_at" timestamp with time zone;--> statement-breakpoint
UPDATE "contact_list_members" SET "contact_created_at" = "contacts"."created_at" FROM "contacts" WHERE "contacts"."id" = "contact_list_members"."contact_id";--> statement-breakpoint
ALTER TABLE "contact_list_members" ALTER COLUMN "contact_created_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "contact_list_members_list_created_idx" ON "contact_list_members" USING btree ("list_id","contact_created_at","contact_id");
