-- An existing installation gains the Price policies, Alarms, Orders and Refunds pages under
-- Business with their buttons (a new one has them from its seed), granted to the roles that may
-- edit the global settings. Nothing happens where the Business directory is gone or an Orders
-- page already exists.
WITH "business" AS (
  SELECT "pid" AS "id" FROM "sys_menu"
  WHERE "component" = 'business/agent/index' AND "pid" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "component" = 'business/order/index')
  ORDER BY "id" LIMIT 1
), "pages" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "path", "component", "component_name", "icon", "permission", "cache", "menu_sort", "sub_count", "create_by")
  SELECT "business"."id", 1, "page"."title", "page"."path", "page"."component", "page"."name", "page"."icon", "page"."permission", true,
    (SELECT coalesce(max("menu_sort"), 0) FROM "sys_menu" WHERE "pid" = "business"."id") + "page"."sort", "page"."buttons", 'system'
  FROM "business", (VALUES
    ('Price policies', 'price-policies', 'business/policy/index', 'PricePolicies', 'money', 'policy:list', 1, 3),
    ('Alarms', 'alarms', 'business/alarm/index', 'Alarms', 'message', 'alarm:list', 2, 1),
    ('Orders', 'orders', 'business/order/index', 'Orders', 'list', 'order:list', 3, 1),
    ('Refunds', 'refunds', 'business/refund/index', 'Refunds', 'skill', 'refund:list', 4, 1)
  ) AS "page" ("title", "path", "component", "name", "icon", "permission", "sort", "buttons")
  RETURNING "id", "pid", "component"
), "buttons" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "permission", "menu_sort", "create_by")
  SELECT "pages"."id", 2, "button"."title", "button"."permission", "button"."sort", 'system'
  FROM "pages" JOIN (VALUES
    ('business/policy/index', 'Price policy: add', 'policy:add', 1),
    ('business/policy/index', 'Price policy: edit', 'policy:edit', 2),
    ('business/policy/index', 'Price policy: delete', 'policy:del', 3),
    ('business/alarm/index', 'Alarm: handle', 'alarm:edit', 1),
    ('business/order/index', 'Order: refund', 'refund:add', 1),
    ('business/refund/index', 'Refund: review', 'refund:review', 1)
  ) AS "button" ("component", "title", "permission", "sort") ON "button"."component" = "pages"."component"
  RETURNING "id"
), "editors" AS (
  SELECT DISTINCT "grant"."role_id" FROM "sys_roles_menus" "grant"
  JOIN "sys_menu" "menu" ON "menu"."id" = "grant"."menu_id"
  WHERE "menu"."permission" = 'setting:edit'
), "granted" AS (
  INSERT INTO "sys_roles_menus" ("role_id", "menu_id")
  SELECT "editors"."role_id", "new"."id" FROM "editors", (SELECT "id" FROM "pages" UNION ALL SELECT "id" FROM "buttons") AS "new"
  RETURNING "menu_id"
)
UPDATE "sys_menu" SET "sub_count" = "sub_count" + 4 WHERE "id" IN (SELECT DISTINCT "pid" FROM "pages");
--> statement-breakpoint
-- The Agent manager and Finance roles, where an installation has the business pages and no role of
-- that name, each with the menus of its permissions and the pages and directories above them.
WITH RECURSIVE "wanted" ("name", "level", "scope", "description", "permission") AS (
  SELECT 'Agent manager', 3, '本级及以下', 'Runs an agent: its agents beneath, sites, machines, prices, alarms, orders and refunds', "p"
  FROM unnest(ARRAY['agent:list', 'agent:add', 'agent:edit', 'agent:review', 'site:list', 'site:add', 'site:edit', 'site:del',
    'device:list', 'device:allocate', 'device:operate', 'policy:list', 'policy:add', 'policy:edit', 'policy:del',
    'alarm:list', 'alarm:edit', 'order:list', 'refund:list', 'refund:add']) AS "p"
  UNION ALL
  SELECT 'Finance', 3, '全部', 'Sees orders and refunds, refunds orders and reviews refunds', "p"
  FROM unnest(ARRAY['order:list', 'refund:list', 'refund:add', 'refund:review']) AS "p"
), "roles" AS (
  INSERT INTO "sys_role" ("name", "level", "data_scope", "description", "create_by")
  SELECT DISTINCT "name", "level", "scope", "description", 'system' FROM "wanted"
  WHERE EXISTS (SELECT 1 FROM "sys_menu" WHERE "component" = 'business/order/index')
    AND NOT EXISTS (SELECT 1 FROM "sys_role" "r" WHERE "r"."name" = "wanted"."name")
  RETURNING "id", "name"
), "menus" ("role_id", "menu_id", "pid") AS (
  SELECT "roles"."id", "m"."id", "m"."pid" FROM "roles"
  JOIN "wanted" ON "wanted"."name" = "roles"."name"
  JOIN "sys_menu" "m" ON "m"."permission" = "wanted"."permission"
  UNION
  SELECT "menus"."role_id", "m"."id", "m"."pid" FROM "menus" JOIN "sys_menu" "m" ON "m"."id" = "menus"."pid"
)
INSERT INTO "sys_roles_menus" ("role_id", "menu_id")
SELECT DISTINCT "role_id", "menu_id" FROM "menus";
