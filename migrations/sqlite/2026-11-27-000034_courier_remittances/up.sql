-- Cash with couriers (issue 39): what a courier handed to the shop of the cash it collected,
-- and the delivered parcels each remittance settles. A delivered parcel no remittance settled
-- is cash still with its courier.
CREATE TABLE courier_remittances (
    id INTEGER PRIMARY KEY,
    courier TEXT NOT NULL,
    courier_name TEXT NOT NULL,
    amount BIGINT NOT NULL,
    note TEXT,
    recorded_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    recorded_at TIMESTAMP NOT NULL
);
ALTER TABLE shipments ADD COLUMN remittance_id BIGINT REFERENCES courier_remittances(id);
