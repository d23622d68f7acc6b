-- Orders tell the catalogue's caches that stock moved by this sequence, moved after the order's
-- commit, instead of bumping `catalogue_version.stock_version` inside it: that one row made
-- every order transaction wait for the previous one's commit (its row lock held through the
-- WAL flush). A sequence takes no row lock and its move is not part of any transaction.
-- `stock_version` stays for SQLite, whose one writer gains nothing from this.
CREATE SEQUENCE stock_moves;
