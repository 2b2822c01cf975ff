-- An existing installation gains the Reports page under its Finance directory (a new one has it
-- from its seed), report:list, granted to the Administrator, the Finance role and the Agent
-- manager role (with the directory for a role that did not hold it yet). Nothing happens where
-- the directory is missing, the page exists already or the database is not seeded yet.
WITH "directory" AS (
  SELECT "id" FROM "sys_menu" WHERE "type" = 0 AND "path" = 'finance' ORDER BY "id" LIMIT 1
), "page" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "path", "component", "component_name", "icon", "permission", "cache", "menu_sort", "sub_count", "create_by")
  SELECT "directory"."id", 1, 'Reports', 'reports', 'finance/report/index', 'Reports', 'chart', 'report:list', true,
    (SELECT coalesce(max("menu_sort"), 0) + 1 FROM "sys_menu" WHERE "pid" = "directory"."id"), 0, 'system'
  FROM "directory"
  WHERE NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "component" = 'finance/report/index')
    -- A database not seeded yet gets the page from its seed.
    AND EXISTS (SELECT 1 FROM "sys_user")
  RETURNING "id", "pid"
), "directory_count" AS (
  UPDATE "sys_menu" SET "sub_count" = "sub_count" + 1
  WHERE "id" IN (SELECT "pid" FROM "page")
  RETURNING "id"
), "readers" AS (
  SELECT "id" AS "role_id" FROM "sys_role" WHERE "name" IN ('Administrator', 'Finance', 'Agent manager')
)
INSERT INTO "sys_roles_menus" ("role_id", "menu_id")
SELECT "readers"."role_id", "page"."id" FROM "readers", "page"
UNION
SELECT "readers"."role_id", "page"."pid" FROM "readers", "page"
ON CONFLICT DO NOTHING;
