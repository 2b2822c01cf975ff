-- An existing installation gains the Change records page under the Monitor directory (a new one has
-- it from its seed): searching and exporting the record of changes (audit:list), granted to the
-- Administrator. Nothing happens on a new database its seed has not filled yet, nor where the page
-- already exists or the Monitor directory was removed.
WITH "directory" AS (
  SELECT "id" FROM "sys_menu"
  WHERE "pid" IS NULL AND "path" = 'monitor'
    AND EXISTS (SELECT 1 FROM "sys_role" WHERE "name" = 'Administrator')
    AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "permission" = 'audit:list')
  ORDER BY "id" LIMIT 1
), "page" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "path", "component", "component_name", "icon", "permission", "cache", "menu_sort", "sub_count", "create_by")
  SELECT "directory"."id", 1, 'Change records', 'changes', 'monitor/audit/index', 'ChangeRecords', 'log', 'audit:list', true,
    (SELECT coalesce(max("menu_sort"), 0) + 1 FROM "sys_menu" WHERE "pid" = "directory"."id"), 0, 'system'
  FROM "directory"
  RETURNING "id", "pid"
), "counted" AS (
  UPDATE "sys_menu" SET "sub_count" = "sub_count" + 1
  WHERE "id" IN (SELECT "pid" FROM "page")
  RETURNING "id"
)
INSERT INTO "sys_roles_menus" ("role_id", "menu_id")
SELECT "role"."id", "page"."id" FROM "sys_role" "role", "page"
WHERE "role"."name" = 'Administrator'
ON CONFLICT DO NOTHING;
