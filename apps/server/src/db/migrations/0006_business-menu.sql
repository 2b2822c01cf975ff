-- An existing installation gains the Business directory with the Agents, Sites, Machines and
-- Machine models pages and their buttons (a new one has them from its seed), granted to the roles that
-- may edit the global settings. Nothing happens where an Agents page already exists.
WITH "directory" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "path", "icon", "menu_sort", "sub_count", "create_by")
  SELECT NULL, 0, 'Business', 'business', 'shopping',
    (SELECT coalesce(max("menu_sort"), 0) + 1 FROM "sys_menu" WHERE "pid" IS NULL), 4, 'system'
  WHERE NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "component" = 'business/agent/index')
    AND EXISTS (SELECT 1 FROM "sys_menu")
  RETURNING "id"
), "pages" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "path", "component", "component_name", "icon", "permission", "cache", "menu_sort", "sub_count", "create_by")
  SELECT "directory"."id", 1, "page"."title", "page"."path", "page"."component", "page"."name", "page"."icon", "page"."permission", "page"."cache", "page"."sort", "page"."buttons", 'system'
  FROM "directory", (VALUES
    ('Agents', 'agents', 'business/agent/index', 'Agents', 'people', 'agent:list', true, 1, 3),
    ('Sites', 'sites', 'business/site/index', 'Sites', 'international', 'site:list', true, 2, 3),
    ('Machines', 'machines', 'business/machine/index', 'Machines', 'dev', 'device:list', true, 3, 3),
    ('Machine models', 'models', 'business/model/index', 'MachineModels', 'zujian', 'device:list', false, 4, 2)
  ) AS "page" ("title", "path", "component", "name", "icon", "permission", "cache", "sort", "buttons")
  RETURNING "id", "component"
), "buttons" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "permission", "menu_sort", "create_by")
  SELECT "pages"."id", 2, "button"."title", "button"."permission", "button"."sort", 'system'
  FROM "pages" JOIN (VALUES
    ('business/agent/index', 'Agent: add', 'agent:add', 1),
    ('business/agent/index', 'Agent: edit', 'agent:edit', 2),
    ('business/agent/index', 'Agent: review', 'agent:review', 3),
    ('business/site/index', 'Site: add', 'site:add', 1),
    ('business/site/index', 'Site: edit', 'site:edit', 2),
    ('business/site/index', 'Site: delete', 'site:del', 3),
    ('business/machine/index', 'Machine: register', 'device:add', 1),
    ('business/machine/index', 'Machine: allocate', 'device:allocate', 2),
    ('business/machine/index', 'Machine: operate', 'device:operate', 3),
    ('business/model/index', 'Machine model: edit', 'device:edit', 1),
    ('business/model/index', 'Machine model: delete', 'device:del', 2)
  ) AS "button" ("component", "title", "permission", "sort") ON "button"."component" = "pages"."component"
  RETURNING "id"
), "editors" AS (
  SELECT DISTINCT "grant"."role_id" FROM "sys_roles_menus" "grant"
  JOIN "sys_menu" "menu" ON "menu"."id" = "grant"."menu_id"
  WHERE "menu"."permission" = 'setting:edit'
)
INSERT INTO "sys_roles_menus" ("role_id", "menu_id")
SELECT "editors"."role_id", "new"."id" FROM "editors",
  (SELECT "id" FROM "directory" UNION ALL SELECT "id" FROM "pages" UNION ALL SELECT "id" FROM "buttons") AS "new";
