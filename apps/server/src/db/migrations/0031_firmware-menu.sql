-- An existing installation gains the Firmware page under Business, beside the Machines page (a
-- new one has it from its seed): firmware packages and their staged rollouts (device:firmware),
-- granted to the roles that may edit machines and their models (those holding device:edit: the
-- Administrator as seeded). Nothing happens where the Machines page is gone or a Firmware page
-- already exists, nor on a new database its seed has not filled yet.
WITH "business" AS (
  SELECT "pid" AS "id" FROM "sys_menu"
  WHERE "component" = 'business/machine/index' AND "pid" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "permission" = 'device:firmware')
  ORDER BY "id" LIMIT 1
), "page" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "path", "component", "component_name", "icon", "permission", "cache", "menu_sort", "create_by")
  SELECT "business"."id", 1, 'Firmware', 'firmware', 'business/firmware/index', 'Firmware', 'deploy', 'device:firmware', true,
    (SELECT coalesce(max("menu_sort"), 0) + 1 FROM "sys_menu" WHERE "pid" = "business"."id"), 'system'
  FROM "business"
  RETURNING "id", "pid"
), "counted" AS (
  UPDATE "sys_menu" SET "sub_count" = "sub_count" + 1
  WHERE "id" IN (SELECT "pid" FROM "page")
  RETURNING "id"
), "editors" AS (
  SELECT DISTINCT "grant"."role_id" FROM "sys_roles_menus" "grant"
  JOIN "sys_menu" "menu" ON "menu"."id" = "grant"."menu_id"
  WHERE "menu"."permission" = 'device:edit'
)
INSERT INTO "sys_roles_menus" ("role_id", "menu_id")
SELECT "editors"."role_id", "page"."id" FROM "editors", "page"
ON CONFLICT DO NOTHING;
