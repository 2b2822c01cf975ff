CREATE TABLE "biz_page_order" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"machine_id" integer NOT NULL,
	"machine_order_no" varchar(64) NOT NULL,
	"fill_until_stop" boolean NOT NULL,
	"member_id" integer,
	"dispense_command_id" uuid NOT NULL,
	"stop_command_id" uuid NOT NULL,
	"dispense_sent_time" timestamp with time zone,
	"stop_sent_time" timestamp with time zone,
	"create_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biz_consumer_code" (
	"phone" varchar(16) PRIMARY KEY NOT NULL,
	"code_hash" varchar(128) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "biz_page_order_no_uq" ON "biz_page_order" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "biz_page_order_machine_idx" ON "biz_page_order" USING btree ("machine_id");