-- An existing installation gains the Water cards page under the Finance directory (a new one has
-- it from its seed), with its buttons: granted to the roles that may edit the global settings; the
-- Finance role gains the list, top-ups and freezing and reissuing, the Agent manager role all of
-- them for its own agents' cards. Nothing happens where the page already exists.
WITH "directory" AS (
  SELECT "id" FROM "sys_menu" WHERE "type" = 0 AND "path" = 'finance' ORDER BY "id" LIMIT 1
), "page" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "path", "component", "component_name", "icon", "permission", "cache", "menu_sort", "sub_count", "create_by")
  SELECT "directory"."id", 1, 'Water cards', 'cards', 'finance/card/index', 'WaterCards', 'profile', 'card:list', true,
    (SELECT coalesce(max("menu_sort"), 0) + 1 FROM "sys_menu" WHERE "pid" = "directory"."id"), 3, 'system'
  FROM "directory"
  WHERE NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "permission" = 'card:list')
    -- A new installation, not seeded yet, gets the page from its seed.
    AND EXISTS (SELECT 1 FROM "sys_user")
  RETURNING "id", "pid", "permission"
), "buttons" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "permission", "menu_sort", "create_by")
  SELECT "page"."id", 2, "button"."title", "button"."permission", "button"."sort", 'system'
  FROM "page", (VALUES
    ('Water card: issue', 'card:add', 1),
    ('Water card: top up', 'card:topup', 2),
    ('Water card: edit', 'card:edit', 3)
  ) AS "button" ("title", "permission", "sort")
  RETURNING "id", "permission"
), "counted" AS (
  UPDATE "sys_menu" SET "sub_count" = "sub_count" + 1
  WHERE "id" IN (SELECT "pid" FROM "page")
  RETURNING "id"
), "new" ("id", "permission") AS (
  SELECT "id", "permission" FROM "page"
  UNION ALL SELECT "id", "permission" FROM "buttons"
), "editors" AS (
  SELECT DISTINCT "grant"."role_id" FROM "sys_roles_menus" "grant"
  JOIN "sys_menu" "menu" ON "menu"."id" = "grant"."menu_id"
  WHERE "menu"."permission" = 'setting:edit'
), "business_roles" ("role_id", "permission") AS (
  SELECT "r"."id", "p" FROM "sys_role" "r", unnest(ARRAY['card:list', 'card:topup', 'card:edit']) AS "p"
  WHERE "r"."name" = 'Finance'
  UNION ALL
  SELECT "r"."id", "p" FROM "sys_role" "r", unnest(ARRAY['card:list', 'card:add', 'card:topup', 'card:edit']) AS "p"
  WHERE "r"."name" = 'Agent manager'
)
INSERT INTO "sys_roles_menus" ("role_id", "menu_id")
SELECT "editors"."role_id", "new"."id" FROM "editors", "new"
UNION
SELECT "business_roles"."role_id", "new"."id" FROM "business_roles" JOIN "new" ON "new"."permission" = "business_roles"."permission"
UNION
SELECT DISTINCT "business_roles"."role_id", "directory"."id" FROM "business_roles", "directory"
WHERE EXISTS (SELECT 1 FROM "page")
ON CONFLICT DO NOTHING;
