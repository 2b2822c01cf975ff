-- Finance staff are the auditors: the Finance role reads the record of changes (the Change records
-- page, and the Monitor directory above it, on an existing installation; a new one has them from
-- its seed). The Agent manager role does not. Nothing happens where the page or the role is gone.
INSERT INTO "sys_roles_menus" ("role_id", "menu_id")
SELECT "role"."id", "menu"."id"
FROM "sys_role" "role"
JOIN "sys_menu" "page" ON "page"."permission" = 'audit:list' AND "page"."type" = 1
JOIN "sys_menu" "menu" ON "menu"."id" = "page"."id" OR "menu"."id" = "page"."pid"
WHERE "role"."name" = 'Finance'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "sys_role"
SET "description" = 'Sees orders and refunds, refunds orders and reviews refunds; keeps the ledger and closes its periods; reads the change records'
WHERE "name" = 'Finance'
  AND "description" = 'Sees orders and refunds, refunds orders and reviews refunds; keeps the ledger and closes its periods';
