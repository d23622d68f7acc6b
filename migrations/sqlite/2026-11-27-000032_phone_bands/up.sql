-- Cash on delivery (issue 39): a staff member's band for a phone over the one the owner's
-- rules give it (trusted, normal, confirm_by_call, prepay_shipping, blocked), with why. The
-- phone is in the form orders keep it (`01…`).
CREATE TABLE phone_bands (
    phone TEXT PRIMARY KEY,
    band TEXT NOT NULL,
    note TEXT NOT NULL,
    set_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    set_at TIMESTAMP NOT NULL
);
