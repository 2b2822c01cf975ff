-- Distances on the Earth for "machines near here": earthdistance over cube (both contrib
-- extensions; PGlite loads them too). cube is trusted; earthdistance needs a superuser on
-- PostgreSQL, or an administrator who ran these two statements beforehand.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
-- An existing installation gains the Field operations directory (when no part of the field work
-- made it yet) and its Map page (a new one has them from its seed), granted to the roles that
-- see the machines (device:list: the Administrator and the Agent manager as seeded). Nothing
-- happens on a new database its seed has not filled yet, nor where a Map page already exists.
INSERT INTO "sys_menu" ("pid", "type", "title", "path", "icon", "cache", "menu_sort", "sub_count", "create_by")
SELECT NULL, 0, 'Field operations', 'field', 'tool', false,
  (SELECT coalesce(max("menu_sort"), 0) + 1 FROM "sys_menu" WHERE "pid" IS NULL), 0, 'system'
WHERE EXISTS (SELECT 1 FROM "sys_menu" WHERE "component" = 'business/machine/index')
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "pid" IS NULL AND "path" = 'field');--> statement-breakpoint
WITH "directory" AS (
  SELECT "id" FROM "sys_menu" WHERE "pid" IS NULL AND "path" = 'field'
    AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "permission" = 'map:list')
  ORDER BY "id" LIMIT 1
), "page" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "path", "component", "component_name", "icon", "permission", "cache", "menu_sort", "create_by")
  SELECT "directory"."id", 1, 'Map', 'map', 'field/map/index', 'FleetMap', 'international', 'map:list', true,
    (SELECT coalesce(max("menu_sort"), 0) + 1 FROM "sys_menu" WHERE "pid" = "directory"."id"), 'system'
  FROM "directory"
  RETURNING "id", "pid"
), "counted" AS (
  UPDATE "sys_menu" SET "sub_count" = "sub_count" + 1
  WHERE "id" IN (SELECT "pid" FROM "page")
  RETURNING "id"
), "viewers" AS (
  SELECT DISTINCT "grant"."role_id" FROM "sys_roles_menus" "grant"
  JOIN "sys_menu" "menu" ON "menu"."id" = "grant"."menu_id"
  WHERE "menu"."permission" = 'device:list'
), "directory_grants" AS (
  INSERT INTO "sys_roles_menus" ("role_id", "menu_id")
  SELECT "viewers"."role_id", "page"."pid" FROM "viewers", "page"
  ON CONFLICT DO NOTHING
  RETURNING "role_id"
)
INSERT INTO "sys_roles_menus" ("role_id", "menu_id")
SELECT "viewers"."role_id", "page"."id" FROM "viewers", "page"
ON CONFLICT DO NOTHING;
