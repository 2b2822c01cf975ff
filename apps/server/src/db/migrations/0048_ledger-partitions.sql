-- The ledger's entries become partitioned by month of their day (UTC calendar), keeping every
-- row: the old table is renamed, the new one made with the day in its key (a posting has one day,
-- so an account still has one entry per posting), the rows copied, the old table dropped. A default
-- partition takes the rows of a month not made yet, which the upkeep moves into the month's own
-- partition when it makes it (lib/partitions.ts); months are made ahead by the upkeep.
ALTER TABLE "fin_entry" RENAME TO "fin_entry_unpartitioned";--> statement-breakpoint
ALTER TABLE "fin_entry_unpartitioned" RENAME CONSTRAINT "fin_entry_posting_id_account_id_pk" TO "fin_entry_unpartitioned_pk";--> statement-breakpoint
ALTER INDEX "fin_entry_account_day_idx" RENAME TO "fin_entry_unpartitioned_account_day_idx";--> statement-breakpoint
CREATE TABLE "fin_entry" (
	"posting_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "fin_entry_posting_id_account_id_day_pk" PRIMARY KEY("posting_id","account_id","day")
) PARTITION BY RANGE ("day");--> statement-breakpoint
CREATE INDEX "fin_entry_account_day_idx" ON "fin_entry" USING btree ("account_id","day");--> statement-breakpoint
CREATE TABLE "fin_entry_default" PARTITION OF "fin_entry" DEFAULT;--> statement-breakpoint
DO $$
DECLARE
  month date;
BEGIN
  FOR month IN
    SELECT generate_series(
      date_trunc('month', least(coalesce((SELECT min("day") FROM "fin_entry_unpartitioned"), now()::date), (now() AT TIME ZONE 'UTC')::date)),
      date_trunc('month', (now() AT TIME ZONE 'UTC') + interval '2 months'),
      interval '1 month'
    )::date
  LOOP
    EXECUTE format(
      'CREATE TABLE %I PARTITION OF "fin_entry" FOR VALUES FROM (%L) TO (%L)',
      'fin_entry_' || to_char(month, 'YYYYMM'),
      month,
      (month + interval '1 month')::date
    );
  END LOOP;
END
$$;--> statement-breakpoint
INSERT INTO "fin_entry" ("posting_id", "account_id", "day", "amount")
SELECT "posting_id", "account_id", "day", "amount" FROM "fin_entry_unpartitioned";--> statement-breakpoint
DROP TABLE "fin_entry_unpartitioned";
