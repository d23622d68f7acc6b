-- What the webhooks last saw of entities whose changes are not on the order spine: a product's
-- stock and its last edit, a shipment's state, a client's account. The publisher compares the
-- entities with it every few seconds and sends an event for each difference (a stock at most
-- once a minute), writing the event and the new sight in one transaction. `version` counts the
-- events of the entity of that kind, so a receiver can drop a stale one.
CREATE TABLE webhook_watches (
    kind TEXT NOT NULL,
    entity_id BIGINT NOT NULL,
    seen TEXT NOT NULL,
    version INTEGER NOT NULL,
    published_at TIMESTAMP NOT NULL,
    PRIMARY KEY (kind, entity_id)
);
-- What is there already is the starting point: only changes from now on are sent.
INSERT INTO webhook_watches (kind, entity_id, seen, version, published_at)
    SELECT 'product.stock_changed', id, CAST(quantity AS TEXT), 0, CURRENT_TIMESTAMP FROM products;
-- A product's last edit is first seen by the publisher (an empty sight is taken, not sent).
INSERT INTO webhook_watches (kind, entity_id, seen, version, published_at)
    SELECT 'product.updated', id, '', 0, CURRENT_TIMESTAMP FROM products;
INSERT INTO webhook_watches (kind, entity_id, seen, version, published_at)
    SELECT 'client.created', id, 'created', 0, CURRENT_TIMESTAMP FROM users WHERE role = 'customer';
INSERT INTO webhook_watches (kind, entity_id, seen, version, published_at)
    SELECT 'shipment.updated', order_id, state || ' ' || tracking, 0, CURRENT_TIMESTAMP FROM shipments;
