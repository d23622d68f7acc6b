-- Cash on delivery (issue 39): a placed order awaits its buyer's confirmation (a signed link
-- sent by SMS, or a staff member's call or WhatsApp) unless the shop trusts it; nobody
-- confirming it in time cancels it. Orders placed before count as confirmed when placed.
ALTER TABLE orders ADD COLUMN confirmed_at TIMESTAMP;
ALTER TABLE orders ADD COLUMN confirmed_by BIGINT;
ALTER TABLE orders ADD COLUMN confirmed_via TEXT;
UPDATE orders SET confirmed_at = created_at, confirmed_via = 'before';
CREATE INDEX orders_awaiting_confirmation ON orders (created_at) WHERE status = 'new' AND confirmed_at IS NULL;
