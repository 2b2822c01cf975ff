-- Trigram indexes (pg_trgm, a trusted extension the database's owner may create) for text search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "sys_user_username_trgm_idx" ON "sys_user" USING gin ("username" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "sys_user_nick_name_trgm_idx" ON "sys_user" USING gin ("nick_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "sys_user_email_trgm_idx" ON "sys_user" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);