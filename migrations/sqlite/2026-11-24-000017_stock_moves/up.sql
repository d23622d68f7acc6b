-- Nothing on SQLite: its one writer bumps `catalogue_version.stock_version` inside the order's
-- transaction at no extra wait (the PostgreSQL migration of this name says why it differs).
SELECT 1;
