DROP TABLE client_notes;
DROP INDEX users_by_sales_engineer;
DROP INDEX users_by_group;
DROP INDEX users_by_role;
ALTER TABLE copouns DROP COLUMN group_id;
ALTER TABLE users DROP COLUMN group_id;
DROP TABLE client_groups;
