ALTER TABLE "biz_alarm" ADD COLUMN "detail_text" jsonb;--> statement-breakpoint
-- What the alarms raised so far said in English, as texts each reader sees in their language.
UPDATE "biz_alarm" SET "detail_text" = jsonb_build_object('key', 'alarms.details.offlineSince', 'values',
  jsonb_build_object('time', substring("detail" from '^no heartbeat since (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)$')))
WHERE "detail" ~ '^no heartbeat since \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$';--> statement-breakpoint
UPDATE "biz_alarm" SET "detail_text" = jsonb_build_object('key', 'alarms.details.neverReported', 'values',
  jsonb_build_object('time', substring("detail" from '^no heartbeat since its installation on (.+)$')))
WHERE "detail" ~ '^no heartbeat since its installation on .+$';--> statement-breakpoint
UPDATE "biz_alarm" SET "detail_text" = jsonb_build_object('key', 'alarms.details.noSales', 'values',
  jsonb_build_object('window', jsonb_build_object(
    'key', CASE WHEN "detail" LIKE '% h' THEN 'alarms.details.hours' ELSE 'alarms.details.minutes' END,
    'values', jsonb_build_object('n', substring("detail" from '^no sale for (\d+) ')))))
WHERE "detail" ~ '^no sale for \d+ (h|min)$';--> statement-breakpoint
UPDATE "biz_alarm" SET "detail_text" = jsonb_build_object('key', 'alarms.details.leak')
WHERE "detail" = 'leak detected';--> statement-breakpoint
UPDATE "biz_alarm" SET "detail_text" = jsonb_build_object('key', 'alarms.details.paymentDevice')
WHERE "detail" = 'payment device fault';--> statement-breakpoint
UPDATE "biz_alarm" SET "detail_text" = jsonb_build_object('key', 'alarms.details.tds', 'values',
  jsonb_build_object('tds', substring("detail" from '^TDS out (\S+) ppm$')))
WHERE "detail" ~ '^TDS out \S+ ppm$';--> statement-breakpoint
UPDATE "biz_alarm" SET "detail_text" = jsonb_build_object('key', 'alarms.details.tank', 'values',
  jsonb_build_object('level', substring("detail" from '^tank at (\S+) %$')))
WHERE "detail" ~ '^tank at \S+ %$';--> statement-breakpoint
UPDATE "biz_alarm" SET "detail_text" = jsonb_build_object('key', 'alarms.details.fault', 'values',
  jsonb_build_object('bits', substring("detail" from '^fault bits (\d+)$')))
WHERE "detail" ~ '^fault bits \d+$';--> statement-breakpoint
UPDATE "biz_alarm" SET "detail_text" = jsonb_build_object('key', 'alarms.details.faultNamed', 'values',
  jsonb_build_object(
    'bits', substring("detail" from '^fault bits (\d+) '),
    'names', (SELECT jsonb_agg(jsonb_build_object('key', 'alarms.details.faults.' || name) ORDER BY position)
      FROM unnest(string_to_array(substring("detail" from '\(([A-Z_, ]+)\)$'), ', ')) WITH ORDINALITY AS fault(name, position))))
WHERE "detail" ~ '^fault bits \d+ \((PUMP|VALVE|UV_LAMP|FLOW_METER)(, (PUMP|VALVE|UV_LAMP|FLOW_METER))*\)$';
