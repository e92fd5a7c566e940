-- What an upload is for: a campaign's CSV remembers its own column mapping, apart from the contact
-- book's imports (existing rows were the contact book's).
CREATE TYPE "public"."contact_import_purpose" AS ENUM('contacts', 'campaign');--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "purpose" "contact_import_purpose" DEFAULT 'contacts' NOT NULL;