DROP TABLE points_ledger;
DROP TABLE auth_attempts;
DROP TABLE otps;
DROP TABLE sessions;
DROP TABLE users;
DROP TABLE role_permissions;
DROP TABLE access_roles;
DROP TABLE shipping_cities;
