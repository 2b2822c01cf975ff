-- An existing installation gains the site_type dictionary (a new one has it from its seed).
WITH "dict" AS (
  INSERT INTO "sys_dict" ("name", "description", "create_by")
  SELECT 'site_type', 'Site type', 'system'
  WHERE EXISTS (SELECT 1 FROM "sys_dict") AND NOT EXISTS (SELECT 1 FROM "sys_dict" WHERE "name" = 'site_type')
  RETURNING "id"
)
INSERT INTO "sys_dict_detail" ("dict_id", "label", "value", "dict_sort", "create_by")
SELECT "dict"."id", "detail"."label", "detail"."value", "detail"."sort", 'system'
FROM "dict", (VALUES
  ('Residential compound', 'RESIDENTIAL', 1),
  ('School', 'SCHOOL', 2),
  ('Factory', 'FACTORY', 3),
  ('Office', 'OFFICE', 4),
  ('Shop', 'SHOP', 5)
) AS "detail" ("label", "value", "sort");
