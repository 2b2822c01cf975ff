-- An existing installation gains the Field operations directory (when no other page of it brought it
-- already), its Work orders page with the work-order buttons and the technicians' My work orders
-- page (a new one has them from its seed): granted to the roles that may edit the global settings
-- (the Administrator as seeded). The Technician role is made when missing and holds My work
-- orders (workorder:work). Nothing happens on a new database its seed has not filled yet, nor
-- where the pages exist.
INSERT INTO "sys_menu" ("pid", "type", "title", "path", "icon", "menu_sort", "create_by")
SELECT NULL, 0, 'Field operations', 'field', 'tool',
  (SELECT coalesce(max("menu_sort"), 0) + 1 FROM "sys_menu" WHERE "pid" IS NULL), 'system'
WHERE NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "pid" IS NULL AND "path" = 'field')
  AND EXISTS (SELECT 1 FROM "sys_user");
--> statement-breakpoint
INSERT INTO "sys_role" ("name", "level", "data_scope", "description", "create_by")
SELECT 'Technician', 3, '本级', 'Accepts, carries out and completes the work orders assigned to them, with photos', 'system'
WHERE NOT EXISTS (SELECT 1 FROM "sys_role" WHERE "name" = 'Technician')
  AND EXISTS (SELECT 1 FROM "sys_user");
--> statement-breakpoint
WITH "directory" AS (
  SELECT "id" FROM "sys_menu" WHERE "pid" IS NULL AND "path" = 'field' ORDER BY "id" LIMIT 1
), "page" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "path", "component", "component_name", "icon", "permission", "cache", "menu_sort", "sub_count", "create_by")
  SELECT "directory"."id", 1, 'Work orders', 'work-orders', 'field/work-order/index', 'WorkOrders', 'list', 'workorder:list', true,
    (SELECT coalesce(max("menu_sort"), 0) + 1 FROM "sys_menu" WHERE "pid" = "directory"."id"), 3, 'system'
  FROM "directory"
  WHERE NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "permission" = 'workorder:list')
  RETURNING "id", "pid", "permission"
), "mine" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "path", "component", "component_name", "icon", "permission", "cache", "menu_sort", "create_by")
  SELECT "directory"."id", 1, 'My work orders', 'my-work-orders', 'field/my-work-order/index', 'MyWorkOrders', 'tool', 'workorder:work', true,
    (SELECT coalesce(max("menu_sort"), 0) + 2 FROM "sys_menu" WHERE "pid" = "directory"."id"), 'system'
  FROM "directory"
  WHERE EXISTS (SELECT 1 FROM "page")
  RETURNING "id", "permission"
), "buttons" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "permission", "menu_sort", "create_by")
  SELECT "page"."id", 2, "button"."title", "button"."permission", "button"."sort", 'system'
  FROM "page", (VALUES
    ('Work order: add', 'workorder:add', 1),
    ('Work order: assign', 'workorder:assign', 2),
    ('Work order: edit', 'workorder:edit', 3)
  ) AS "button" ("title", "permission", "sort")
  RETURNING "id", "permission"
), "counted" AS (
  UPDATE "sys_menu" SET "sub_count" = "sub_count" + 2
  WHERE "id" IN (SELECT "pid" FROM "page")
  RETURNING "id"
), "new" ("id", "permission") AS (
  SELECT "id", "permission" FROM "page"
  UNION ALL SELECT "id", "permission" FROM "mine"
  UNION ALL SELECT "id", "permission" FROM "buttons"
), "editors" AS (
  SELECT DISTINCT "grant"."role_id" FROM "sys_roles_menus" "grant"
  JOIN "sys_menu" "menu" ON "menu"."id" = "grant"."menu_id"
  WHERE "menu"."permission" = 'setting:edit'
), "technicians" AS (
  SELECT "id" AS "role_id" FROM "sys_role" WHERE "name" = 'Technician'
)
INSERT INTO "sys_roles_menus" ("role_id", "menu_id")
SELECT "editors"."role_id", "new"."id" FROM "editors", "new"
UNION
SELECT "editors"."role_id", "directory"."id" FROM "editors", "directory" WHERE EXISTS (SELECT 1 FROM "page")
UNION
SELECT "technicians"."role_id", "new"."id" FROM "technicians", "new"
WHERE "new"."permission" = 'workorder:work'
UNION
SELECT "technicians"."role_id", "directory"."id" FROM "technicians", "directory" WHERE EXISTS (SELECT 1 FROM "page")
ON CONFLICT DO NOTHING;
