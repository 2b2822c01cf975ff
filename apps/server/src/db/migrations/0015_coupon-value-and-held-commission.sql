ALTER TABLE "biz_order" ADD COLUMN "held_agent_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "biz_price_policy" ADD COLUMN "set_by_platform" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Only staff whose data scope is unrestricted price every machine or a model; the policies the administrator keeps are the platform's too.
UPDATE "biz_price_policy" SET "set_by_platform" = true WHERE "scope" IN ('ALL', 'MODEL') OR "update_by" = 'admin';
