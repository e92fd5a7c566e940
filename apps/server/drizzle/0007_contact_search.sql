-- The contact book's search: part of a name or a number, any case (PostgreSQL's contrib pg_trgm;
-- the embedded database loads it in db/database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "contacts_name_trgm_idx" ON "contacts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_phone_trgm_idx" ON "contacts" USING gin ("phone_number" gin_trgm_ops);