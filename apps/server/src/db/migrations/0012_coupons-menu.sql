-- An existing installation gains the Members and Coupons pages under Business with their buttons
-- (a new one has them from its seed), granted to the roles that may edit the global settings;
-- the Agent manager role gains both pages and every coupon permission, the Finance role the
-- Coupons page (their redemption figures). Nothing happens where the Business directory is gone
-- or a Coupons page already exists.
WITH "business" AS (
  SELECT "pid" AS "id" FROM "sys_menu"
  WHERE "component" = 'business/agent/index' AND "pid" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "component" = 'business/coupon/index')
  ORDER BY "id" LIMIT 1
), "pages" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "path", "component", "component_name", "icon", "permission", "cache", "menu_sort", "sub_count", "create_by")
  SELECT "business"."id", 1, "page"."title", "page"."path", "page"."component", "page"."name", "page"."icon", "page"."permission", true,
    (SELECT coalesce(max("menu_sort"), 0) FROM "sys_menu" WHERE "pid" = "business"."id") + "page"."sort", "page"."buttons", 'system'
  FROM "business", (VALUES
    ('Members', 'members', 'business/member/index', 'Members', 'peoples', 'member:list', 1, 0),
    ('Coupons', 'coupons', 'business/coupon/index', 'Coupons', 'tab', 'coupon:list', 2, 4)
  ) AS "page" ("title", "path", "component", "name", "icon", "permission", "sort", "buttons")
  RETURNING "id", "pid", "component", "permission"
), "buttons" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "permission", "menu_sort", "create_by")
  SELECT "pages"."id", 2, "button"."title", "button"."permission", "button"."sort", 'system'
  FROM "pages" JOIN (VALUES
    ('business/coupon/index', 'Coupon: add', 'coupon:add', 1),
    ('business/coupon/index', 'Coupon: edit', 'coupon:edit', 2),
    ('business/coupon/index', 'Coupon: delete', 'coupon:del', 3),
    ('business/coupon/index', 'Coupon: issue', 'coupon:issue', 4)
  ) AS "button" ("component", "title", "permission", "sort") ON "button"."component" = "pages"."component"
  RETURNING "id", "permission"
), "editors" AS (
  SELECT DISTINCT "grant"."role_id" FROM "sys_roles_menus" "grant"
  JOIN "sys_menu" "menu" ON "menu"."id" = "grant"."menu_id"
  WHERE "menu"."permission" = 'setting:edit'
), "business_roles" ("role_id", "permission") AS (
  SELECT "r"."id", "p" FROM "sys_role" "r",
    unnest(ARRAY['member:list', 'coupon:list', 'coupon:add', 'coupon:edit', 'coupon:del', 'coupon:issue']) AS "p"
  WHERE "r"."name" = 'Agent manager'
  UNION ALL
  SELECT "r"."id", 'coupon:list' FROM "sys_role" "r" WHERE "r"."name" = 'Finance'
), "new" ("id", "permission") AS (
  SELECT "id", "permission" FROM "pages"
  UNION ALL
  SELECT "id", "permission" FROM "buttons"
), "granted" AS (
  INSERT INTO "sys_roles_menus" ("role_id", "menu_id")
  SELECT "editors"."role_id", "new"."id" FROM "editors", "new"
  UNION
  SELECT "business_roles"."role_id", "new"."id" FROM "business_roles" JOIN "new" ON "new"."permission" = "business_roles"."permission"
  RETURNING "menu_id"
)
UPDATE "sys_menu" SET "sub_count" = "sub_count" + 2 WHERE "id" IN (SELECT DISTINCT "pid" FROM "pages");
--> statement-breakpoint
-- The Agent manager's description names its new pages (where it is still the seeded one).
UPDATE "sys_role"
SET "description" = 'Runs an agent: its agents beneath, sites, machines, prices, alarms, orders, refunds, members and coupons'
WHERE "name" = 'Agent manager'
  AND "description" = 'Runs an agent: its agents beneath, sites, machines, prices, alarms, orders and refunds';
