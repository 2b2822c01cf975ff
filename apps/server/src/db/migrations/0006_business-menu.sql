-- An existing installation gains the Business directory with the Agents page and its three
-- buttons (a new one has them from its seed), granted to the roles that may edit the global
-- settings. Nothing happens where an Agents page already exists.
WITH "directory" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "path", "icon", "menu_sort", "sub_count", "create_by")
  SELECT NULL, 0, 'Business', 'business', 'shopping',
    (SELECT coalesce(max("menu_sort"), 0) + 1 FROM "sys_menu" WHERE "pid" IS NULL), 1, 'system'
  WHERE NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "component" = 'business/agent/index')
    AND EXISTS (SELECT 1 FROM "sys_menu")
  RETURNING "id"
), "page" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "path", "component", "component_name", "icon", "permission", "cache", "menu_sort", "sub_count", "create_by")
  SELECT "directory"."id", 1, 'Agents', 'agents', 'business/agent/index', 'Agents', 'people', 'agent:list', true, 1, 3, 'system'
  FROM "directory"
  RETURNING "id"
), "buttons" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "permission", "menu_sort", "create_by")
  SELECT "page"."id", 2, "button"."title", "button"."permission", "button"."sort", 'system'
  FROM "page", (VALUES
    ('Agent: add', 'agent:add', 1),
    ('Agent: edit', 'agent:edit', 2),
    ('Agent: review', 'agent:review', 3)
  ) AS "button" ("title", "permission", "sort")
  RETURNING "id"
), "editors" AS (
  SELECT DISTINCT "grant"."role_id" FROM "sys_roles_menus" "grant"
  JOIN "sys_menu" "menu" ON "menu"."id" = "grant"."menu_id"
  WHERE "menu"."permission" = 'setting:edit'
)
INSERT INTO "sys_roles_menus" ("role_id", "menu_id")
SELECT "editors"."role_id", "new"."id" FROM "editors",
  (SELECT "id" FROM "directory" UNION ALL SELECT "id" FROM "page" UNION ALL SELECT "id" FROM "buttons") AS "new";
