-- An existing installation gains the "Machine: command" button on the Machines page (a new one has
-- it from its seed): sending and cancelling remote commands and editing machines' desired
-- settings (device:command), granted to the roles that run machines already (those holding
-- device:operate: the Administrator and the Agent manager as seeded). Nothing happens where the
-- Machines page is gone or has that button.
WITH "page" AS (
  SELECT "menu"."id" FROM "sys_menu" "menu"
  WHERE "menu"."component" = 'business/machine/index'
    AND NOT EXISTS (
      SELECT 1 FROM "sys_menu" "button" WHERE "button"."pid" = "menu"."id" AND "button"."permission" = 'device:command'
    )
  ORDER BY "menu"."id" LIMIT 1
), "button" AS (
  INSERT INTO "sys_menu" ("pid", "type", "title", "permission", "menu_sort", "create_by")
  SELECT "page"."id", 2, 'Machine: command', 'device:command',
    (SELECT coalesce(max("menu_sort"), 0) + 1 FROM "sys_menu" WHERE "pid" = "page"."id"), 'system'
  FROM "page"
  RETURNING "id", "pid"
), "operators" AS (
  SELECT DISTINCT "grant"."role_id" FROM "sys_roles_menus" "grant"
  JOIN "sys_menu" "menu" ON "menu"."id" = "grant"."menu_id"
  WHERE "menu"."permission" = 'device:operate'
), "granted" AS (
  INSERT INTO "sys_roles_menus" ("role_id", "menu_id")
  SELECT "operators"."role_id", "button"."id" FROM "operators", "button"
  RETURNING "menu_id"
)
UPDATE "sys_menu" SET "sub_count" = "sub_count" + 1 WHERE "id" IN (SELECT "pid" FROM "button");
