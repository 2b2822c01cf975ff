-- A change made in a month whose partition the partition upkeep has not made yet (the upkeep
-- stopped, or the clock jumped) lands in the default partition; the upkeep moves such rows into
-- the month's partition when it makes it. Appending a change no longer makes its month's
-- partition first. The function that did is left in place for consoles of the release before,
-- which may still be running while this one starts (an upgrade with instances running).
CREATE TABLE IF NOT EXISTS "sys_change_record_default" PARTITION OF "sys_change_record" DEFAULT;
