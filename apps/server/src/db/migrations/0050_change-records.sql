-- Partitioned by month of "at" (drizzle-kit declares no partitions); a partitioned table takes no
-- identity column, so its ids come from a sequence. The months ahead are made by the audit module's
-- scheduled upkeep (modules/audit/change-partitions.ts), and by a write that finds its month missing.
CREATE SEQUENCE "sys_change_record_id_seq" AS bigint;
--> statement-breakpoint
CREATE TABLE "sys_change_record" (
	"id" bigint DEFAULT nextval('sys_change_record_id_seq') NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"user_id" integer,
	"username" varchar(64),
	"request_id" varchar(64),
	"ip" varchar(64),
	"record_type" varchar(32) NOT NULL,
	"record_id" varchar(64) NOT NULL,
	"action" varchar(32) NOT NULL,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "sys_change_record_at_id_pk" PRIMARY KEY("at","id")
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE INDEX "sys_change_record_record_idx" ON "sys_change_record" USING btree ("record_type","record_id","at");--> statement-breakpoint
CREATE INDEX "sys_change_record_user_idx" ON "sys_change_record" USING btree ("username","at");--> statement-breakpoint
-- The partition holding "at": a calendar month (UTC), made once; its lock is taken only when it is missing.
CREATE FUNCTION "sys_change_record_ensure_partition"(at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  opens timestamp := date_trunc('month', at AT TIME ZONE 'UTC');
  partition text := 'sys_change_record_' || to_char(opens, 'YYYYMM');
BEGIN
  IF to_regclass(partition) IS NOT NULL THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext(partition));
  IF to_regclass(partition) IS NULL THEN
    EXECUTE format(
      'CREATE TABLE %I PARTITION OF "sys_change_record" FOR VALUES FROM (%L) TO (%L)',
      partition,
      opens AT TIME ZONE 'UTC',
      (opens + interval '1 month') AT TIME ZONE 'UTC'
    );
  END IF;
END
$$;
--> statement-breakpoint
SELECT "sys_change_record_ensure_partition"(now());
--> statement-breakpoint
SELECT "sys_change_record_ensure_partition"(now() + interval '1 month');
