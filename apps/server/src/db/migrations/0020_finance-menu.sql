-- An existing installation gains the Finance directory with its Statements and Ledger pages (a
-- new one has them from its seed): granted to the roles that may edit the global settings; the
-- Finance role gains both pages and closing a period, the Agent manager role the statements of
-- its own agents. Nothing happens where a Finance directory already exists.
WITH "directory" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "path", "icon", "cache", "menu_sort", "sub_count", "create_by")
  SELECT NULL, 0, 'Finance', 'finance', 'money', false,
    (SELECT coalesce(max("menu_sort"), 0) + 1 FROM "sys_menu" WHERE "pid" IS NULL), 2, 'system'
  WHERE NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "type" = 0 AND "path" = 'finance')
    -- A new installation, not seeded yet, gets the directory from its seed.
    AND EXISTS (SELECT 1 FROM "sys_user")
  RETURNING "id"
), "pages" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "path", "component", "component_name", "icon", "permission", "cache", "menu_sort", "sub_count", "create_by")
  SELECT "directory"."id", 1, "page"."title", "page"."path", "page"."component", "page"."name", "page"."icon", "page"."permission", true,
    "page"."sort", "page"."buttons", 'system'
  FROM "directory", (VALUES
    ('Statements', 'statements', 'finance/statement/index', 'Statements', 'chart', 'statement:list', 1, 0),
    ('Ledger', 'ledger', 'finance/ledger/index', 'Ledger', 'log', 'ledger:list', 2, 1)
  ) AS "page" ("title", "path", "component", "name", "icon", "permission", "sort", "buttons")
  RETURNING "id", "permission"
), "buttons" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "permission", "menu_sort", "create_by")
  SELECT "pages"."id", 2, 'Ledger: close period', 'ledger:close', 1, 'system'
  FROM "pages" WHERE "pages"."permission" = 'ledger:list'
  RETURNING "id", "permission"
), "new" ("id", "permission") AS (
  SELECT "id", NULL::varchar FROM "directory"
  UNION ALL SELECT "id", "permission" FROM "pages"
  UNION ALL SELECT "id", "permission" FROM "buttons"
), "editors" AS (
  SELECT DISTINCT "grant"."role_id" FROM "sys_roles_menus" "grant"
  JOIN "sys_menu" "menu" ON "menu"."id" = "grant"."menu_id"
  WHERE "menu"."permission" = 'setting:edit'
), "business_roles" ("role_id", "permission") AS (
  SELECT "r"."id", "p" FROM "sys_role" "r", unnest(ARRAY['statement:list', 'ledger:list', 'ledger:close']) AS "p"
  WHERE "r"."name" = 'Finance'
  UNION ALL
  SELECT "r"."id", 'statement:list' FROM "sys_role" "r" WHERE "r"."name" = 'Agent manager'
)
INSERT INTO "sys_roles_menus" ("role_id", "menu_id")
SELECT "editors"."role_id", "new"."id" FROM "editors", "new"
UNION
SELECT "business_roles"."role_id", "new"."id" FROM "business_roles" JOIN "new" ON "new"."permission" = "business_roles"."permission"
UNION
SELECT "business_roles"."role_id", "directory"."id" FROM "business_roles", "directory";
--> statement-breakpoint
UPDATE "sys_role"
SET "description" = 'Sees orders and refunds, refunds orders and reviews refunds; keeps the ledger and closes its periods'
WHERE "name" = 'Finance' AND "description" = 'Sees orders and refunds, refunds orders and reviews refunds';
