-- The five seeded menus whose icons eladmin-web's icon set lacked take names both clients know.
-- Only a menu still showing the seeded icon changes; an icon someone chose stays.
UPDATE "sys_menu" SET "icon" = 'Steve-Jobs' WHERE "icon" = 'job' AND "component" = 'system/job/index';--> statement-breakpoint
UPDATE "sys_menu" SET "icon" = 'web' WHERE "icon" = 'online' AND "component" = 'monitor/online/index';--> statement-breakpoint
UPDATE "sys_menu" SET "icon" = 'sqlMonitor' WHERE "icon" = 'sql' AND "component" = 'monitor/sql/index';--> statement-breakpoint
UPDATE "sys_menu" SET "icon" = 'qiniu' WHERE "icon" = 'storage' AND "component" = 'tools/storage/index';--> statement-breakpoint
UPDATE "sys_menu" SET "icon" = 'system1' WHERE "icon" = 'settings' AND "component" = 'tools/settings/index';
