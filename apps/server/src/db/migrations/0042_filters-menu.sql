-- An existing installation gains the Filters page under the Operations directory (a new one has it
-- from its seed), the directory made when no other field-work page made it yet: the filter
-- schedule (filter:list), the models' stages and running the schedule now (filter:edit), granted to
-- the Administrator. Models keep no stages until staff set them, so an upgrade makes no orders by
-- itself. Nothing happens on a new database its seed has not filled yet, nor where a Filters page
-- already exists.
INSERT INTO "sys_menu" ("pid", "type", "title", "path", "icon", "cache", "menu_sort", "sub_count", "create_by")
SELECT NULL, 0, 'Field operations', 'field', 'tool', false,
  (SELECT coalesce(max("menu_sort"), 0) + 1 FROM "sys_menu" WHERE "pid" IS NULL), 0, 'system'
WHERE EXISTS (SELECT 1 FROM "sys_role" WHERE "name" = 'Administrator')
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "pid" IS NULL AND "path" = 'field')
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "permission" = 'filter:list');
--> statement-breakpoint
WITH "directory" AS (
  SELECT "id" FROM "sys_menu"
  WHERE "pid" IS NULL AND "path" = 'field'
    AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "permission" = 'filter:list')
  ORDER BY "id" LIMIT 1
), "page" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "path", "component", "component_name", "icon", "permission", "cache", "menu_sort", "sub_count", "create_by")
  SELECT "directory"."id", 1, 'Filters', 'filters', 'field/filters/index', 'FilterSchedule', 'skill', 'filter:list', true,
    (SELECT coalesce(max("menu_sort"), 0) + 1 FROM "sys_menu" WHERE "pid" = "directory"."id"), 1, 'system'
  FROM "directory"
  RETURNING "id", "pid"
), "button" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "permission", "menu_sort", "create_by")
  SELECT "page"."id", 2, 'Filters: edit', 'filter:edit', 1, 'system' FROM "page"
  RETURNING "id"
), "counted" AS (
  UPDATE "sys_menu" SET "sub_count" = "sub_count" + 1
  WHERE "id" IN (SELECT "pid" FROM "page")
  RETURNING "id"
), "new" ("id") AS (
  SELECT "pid" FROM "page"
  UNION ALL SELECT "id" FROM "page"
  UNION ALL SELECT "id" FROM "button"
)
INSERT INTO "sys_roles_menus" ("role_id", "menu_id")
SELECT "role"."id", "new"."id" FROM "sys_role" "role", "new"
WHERE "role"."name" = 'Administrator'
ON CONFLICT DO NOTHING;
