-- An existing installation gains the Reconciliation page under its Finance directory, with its
-- import and resolve buttons (a new one has them from its seed): granted to the roles that may
-- edit the global settings and to the Finance role. Nothing happens where the directory is
-- missing, the page exists already or the database is not seeded yet.
WITH "directory" AS (
  SELECT "id" FROM "sys_menu" WHERE "type" = 0 AND "path" = 'finance' ORDER BY "id" LIMIT 1
), "page" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "path", "component", "component_name", "icon", "permission", "cache", "menu_sort", "sub_count", "create_by")
  SELECT "directory"."id", 1, 'Reconciliation', 'reconciliation', 'finance/reconciliation/index', 'Reconciliation', 'tree-table', 'reconcile:list', true,
    (SELECT coalesce(max("menu_sort"), 0) + 1 FROM "sys_menu" WHERE "pid" = "directory"."id"), 2, 'system'
  FROM "directory"
  WHERE NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "component" = 'finance/reconciliation/index')
    -- A database not seeded yet gets the page from its seed.
    AND EXISTS (SELECT 1 FROM "sys_user")
  RETURNING "id", "pid", "permission"
), "buttons" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "permission", "menu_sort", "create_by")
  SELECT "page"."id", 2, "button"."title", "button"."permission", "button"."sort", 'system'
  FROM "page", (VALUES
    ('Reconciliation: import', 'reconcile:import', 1),
    ('Reconciliation: resolve', 'reconcile:resolve', 2)
  ) AS "button" ("title", "permission", "sort")
  RETURNING "id", "permission"
), "directory_count" AS (
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
), "finance" AS (
  SELECT "id" AS "role_id" FROM "sys_role" WHERE "name" = 'Finance'
)
INSERT INTO "sys_roles_menus" ("role_id", "menu_id")
SELECT "editors"."role_id", "new"."id" FROM "editors", "new"
UNION
SELECT "finance"."role_id", "new"."id" FROM "finance", "new"
UNION
SELECT "finance"."role_id", "directory"."id" FROM "finance", "directory"
  WHERE EXISTS (SELECT 1 FROM "page")
    AND NOT EXISTS (
      SELECT 1 FROM "sys_roles_menus" "held", "directory" "d" WHERE "held"."role_id" = "finance"."role_id" AND "held"."menu_id" = "d"."id"
    );
