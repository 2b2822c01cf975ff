-- An existing installation gains the Withdrawals page under Finance with its buttons (a new one
-- has them from its seed), granted to the roles that may edit the global settings; the Agent
-- manager role gains the page and requesting, the Finance role the page, reviewing and paying
-- out. Nothing happens where the Finance directory is gone or a Withdrawals page already exists.
WITH "finance" AS (
  SELECT "id" FROM "sys_menu"
  WHERE "type" = 0 AND "path" = 'finance'
    AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "component" = 'finance/withdrawal/index')
  ORDER BY "id" LIMIT 1
), "page" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "path", "component", "component_name", "icon", "permission", "cache", "menu_sort", "sub_count", "create_by")
  SELECT "finance"."id", 1, 'Withdrawals', 'withdrawals', 'finance/withdrawal/index', 'Withdrawals', 'alipay', 'withdrawal:list', true,
    (SELECT coalesce(max("menu_sort"), 0) + 1 FROM "sys_menu" WHERE "pid" = "finance"."id"), 3, 'system'
  FROM "finance"
  RETURNING "id", "pid", "permission"
), "buttons" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "permission", "menu_sort", "create_by")
  SELECT "page"."id", 2, "button"."title", "button"."permission", "button"."sort", 'system'
  FROM "page", (VALUES
    ('Withdrawal: request', 'withdrawal:add', 1),
    ('Withdrawal: review', 'withdrawal:review', 2),
    ('Withdrawal: pay', 'withdrawal:pay', 3)
  ) AS "button" ("title", "permission", "sort")
  RETURNING "id", "permission"
), "editors" AS (
  SELECT DISTINCT "grant"."role_id" FROM "sys_roles_menus" "grant"
  JOIN "sys_menu" "menu" ON "menu"."id" = "grant"."menu_id"
  WHERE "menu"."permission" = 'setting:edit'
), "business_roles" ("role_id", "permission") AS (
  SELECT "r"."id", "p" FROM "sys_role" "r", unnest(ARRAY['withdrawal:list', 'withdrawal:add']) AS "p"
  WHERE "r"."name" = 'Agent manager'
  UNION ALL
  SELECT "r"."id", "p" FROM "sys_role" "r", unnest(ARRAY['withdrawal:list', 'withdrawal:review', 'withdrawal:pay']) AS "p"
  WHERE "r"."name" = 'Finance'
), "new" ("id", "permission") AS (
  SELECT "id", "permission" FROM "page"
  UNION ALL
  SELECT "id", "permission" FROM "buttons"
), "granted" AS (
  INSERT INTO "sys_roles_menus" ("role_id", "menu_id")
  SELECT "editors"."role_id", "new"."id" FROM "editors", "new"
  UNION
  SELECT "business_roles"."role_id", "new"."id" FROM "business_roles" JOIN "new" ON "new"."permission" = "business_roles"."permission"
  UNION
  -- The roles that gain the page see its directory too.
  SELECT DISTINCT "business_roles"."role_id", "page"."pid" FROM "business_roles", "page"
  ON CONFLICT DO NOTHING
  RETURNING "menu_id"
)
UPDATE "sys_menu" SET "sub_count" = "sub_count" + 1 WHERE "id" IN (SELECT "pid" FROM "page");
