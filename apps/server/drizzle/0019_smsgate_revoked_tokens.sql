CREATE TABLE "smsgate_revoked_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "smsgate_revoked_tokens" ADD CONSTRAINT "smsgate_revoked_tokens_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;