-- Partitioned (drizzle-kit declares no partitions): raw by day, summaries by month; the
-- partitions themselves are made ahead and dropped past retention by the telemetry module's
-- scheduled upkeep (modules/telemetry/telemetry-partitions.ts).
CREATE TABLE "biz_telemetry_5m" (
	"bucket" timestamp with time zone NOT NULL,
	"machine_id" integer NOT NULL,
	"samples" integer NOT NULL,
	"signal_min" real,
	"signal_avg" real,
	"signal_max" real,
	"temperature_min" real,
	"temperature_avg" real,
	"temperature_max" real,
	"tds_in_min" real,
	"tds_in_avg" real,
	"tds_in_max" real,
	"tds_out_min" real,
	"tds_out_avg" real,
	"tds_out_max" real,
	"tank_level_min" real,
	"tank_level_avg" real,
	"tank_level_max" real,
	CONSTRAINT "biz_telemetry_5m_machine_id_bucket_pk" PRIMARY KEY("machine_id","bucket")
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE TABLE "biz_telemetry_hourly" (
	"bucket" timestamp with time zone NOT NULL,
	"machine_id" integer NOT NULL,
	"samples" integer NOT NULL,
	"signal_min" real,
	"signal_avg" real,
	"signal_max" real,
	"temperature_min" real,
	"temperature_avg" real,
	"temperature_max" real,
	"tds_in_min" real,
	"tds_in_avg" real,
	"tds_in_max" real,
	"tds_out_min" real,
	"tds_out_avg" real,
	"tds_out_max" real,
	"tank_level_min" real,
	"tank_level_avg" real,
	"tank_level_max" real,
	CONSTRAINT "biz_telemetry_hourly_machine_id_bucket_pk" PRIMARY KEY("machine_id","bucket")
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE TABLE "biz_telemetry_raw" (
	"at" timestamp with time zone NOT NULL,
	"machine_id" integer NOT NULL,
	"signal" smallint,
	"temperature" real,
	"tds_in" integer,
	"tds_out" integer,
	"tank_level" smallint,
	"fault_bits" integer
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE INDEX "biz_telemetry_5m_bucket_idx" ON "biz_telemetry_5m" USING btree ("bucket");--> statement-breakpoint
CREATE INDEX "biz_telemetry_raw_machine_idx" ON "biz_telemetry_raw" USING btree ("machine_id","at");--> statement-breakpoint
CREATE INDEX "biz_telemetry_raw_time_idx" ON "biz_telemetry_raw" USING brin ("at");--> statement-breakpoint
-- The partition of `parent` holding `at`: a day (UTC) of the raw samples, a month (UTC) of a summary.
CREATE FUNCTION "biz_telemetry_ensure_partition"(parent text, at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  unit text := CASE WHEN parent = 'biz_telemetry_raw' THEN 'day' ELSE 'month' END;
  opens timestamp := date_trunc(unit, at AT TIME ZONE 'UTC');
  partition text := parent || '_' || to_char(opens, CASE WHEN unit = 'day' THEN 'YYYYMMDD' ELSE 'YYYYMM' END);
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(partition));
  IF to_regclass(partition) IS NULL THEN
    EXECUTE format(
      'CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
      partition,
      parent,
      opens AT TIME ZONE 'UTC',
      (opens + ('1 ' || unit)::interval) AT TIME ZONE 'UTC'
    );
  END IF;
END
$$;
--> statement-breakpoint
SELECT "biz_telemetry_ensure_partition"(parent, day)
FROM unnest(ARRAY['biz_telemetry_raw', 'biz_telemetry_5m', 'biz_telemetry_hourly']) AS parent,
  unnest(ARRAY[now(), now() + interval '1 day']) AS day;
