-- An existing installation gains the Operations page under Tools (a new one has it from its seed),
-- with its three buttons, granted to the roles that may edit the global settings. Nothing happens
-- where the Tools directory is gone or an Operations page already exists.
WITH "tools" AS (
  SELECT "id" FROM "sys_menu"
  WHERE "pid" IS NULL AND "type" = 0 AND "path" = 'sys-tools'
    AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "component" = 'tools/operations/index')
  ORDER BY "id" LIMIT 1
), "page" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "path", "component", "component_name", "icon", "permission", "menu_sort", "sub_count", "create_by")
  SELECT "tools"."id", 1, 'Operations', 'operations', 'tools/operations/index', 'Operations', 'deploy', 'deploy:list',
    (SELECT coalesce(max("menu_sort"), 0) + 1 FROM "sys_menu" WHERE "pid" = "tools"."id"), 3, 'system'
  FROM "tools"
  RETURNING "id", "pid"
), "buttons" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "permission", "menu_sort", "create_by")
  SELECT "page"."id", 2, "button"."title", "button"."permission", "button"."sort", 'system'
  FROM "page", (VALUES
    ('Deployment package: upload', 'deploy:add', 1),
    ('Database scripts: list', 'database:list', 2),
    ('Database script: upload', 'database:add', 3)
  ) AS "button" ("title", "permission", "sort")
  RETURNING "id"
), "editors" AS (
  SELECT DISTINCT "grant"."role_id" FROM "sys_roles_menus" "grant"
  JOIN "sys_menu" "menu" ON "menu"."id" = "grant"."menu_id"
  WHERE "menu"."permission" = 'setting:edit'
), "granted" AS (
  INSERT INTO "sys_roles_menus" ("role_id", "menu_id")
  SELECT "editors"."role_id", "new"."id" FROM "editors", (SELECT "id" FROM "page" UNION ALL SELECT "id" FROM "buttons") AS "new"
  RETURNING "menu_id"
)
UPDATE "sys_menu" SET "sub_count" = "sub_count" + 1 WHERE "id" IN (SELECT "pid" FROM "page");
