CREATE TABLE "biz_sla_business_hours" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"days" jsonb NOT NULL,
	"from_time" varchar(5) NOT NULL,
	"to_time" varchar(5) NOT NULL,
	"update_by" varchar(255),
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biz_sla_target" (
	"type" varchar(16) NOT NULL,
	"priority" varchar(8) NOT NULL,
	"response_minutes" integer NOT NULL,
	"resolution_minutes" integer NOT NULL,
	"business_hours" boolean DEFAULT false NOT NULL,
	"update_by" varchar(255),
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biz_sla_target_type_priority_pk" PRIMARY KEY("type","priority")
);
--> statement-breakpoint
ALTER TABLE "biz_work_order" ADD COLUMN "sla_response_breach_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "biz_work_order" ADD COLUMN "sla_resolution_breach_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "biz_work_order" ADD COLUMN "sla_alarm_id" bigint;