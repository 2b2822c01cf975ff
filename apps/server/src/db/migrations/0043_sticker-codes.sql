-- Consumers reach a machine's page by the code on its sticker, so the code must not be guessable
-- from another machine's. Machines registered without a sticker code of their own had their
-- serial number (often sequential) as the code: they get ten random hexadecimal letters instead
-- (40 bits). Codes staff typed themselves are kept.
UPDATE "biz_machine"
SET "sticker_code" = upper(substr(md5(random()::text || clock_timestamp()::text || "id"::text), 1, 10))
WHERE lower("sticker_code") = lower("serial_no");
