CREATE TABLE "biz_member_total" (
	"member_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"paid_total" bigint DEFAULT 0 NOT NULL,
	"last_order_time" timestamp with time zone,
	CONSTRAINT "biz_member_total_member_id_agent_id_pk" PRIMARY KEY("member_id","agent_id")
);
--> statement-breakpoint
ALTER TABLE "biz_member_total" ADD CONSTRAINT "biz_member_total_member_id_biz_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."biz_member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_member_total" ADD CONSTRAINT "biz_member_total_agent_id_biz_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."biz_agent"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biz_member_total_agent_idx" ON "biz_member_total" USING btree ("agent_id","member_id");--> statement-breakpoint
-- Back-fill from the orders so far: a paid order is one with money paid that is neither unpaid
-- (CREATED) nor closed; its member's figures at the agent it was sold under count it, net of
-- what was refunded on it.
INSERT INTO "biz_member_total" ("member_id", "agent_id", "order_count", "paid_total", "last_order_time")
SELECT o."member_id", o."agent_id", count(*), greatest(sum(o."paid" - o."refunded"), 0), max(o."paid_time")
FROM "biz_order" o
JOIN "biz_member" m ON m."id" = o."member_id"
JOIN "biz_agent" a ON a."id" = o."agent_id"
WHERE o."paid" > 0 AND o."state" NOT IN ('CREATED', 'CLOSED')
GROUP BY o."member_id", o."agent_id";
