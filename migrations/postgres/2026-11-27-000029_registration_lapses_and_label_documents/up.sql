-- Registrations that ran out (issue 38): a pesticide goes off sale the day after its APC
-- registration's last day, read from its agronomy by the catalogue; this table remembers which
-- lapse staff were already told of in the bell, so each is told once, and again only if a
-- renewal is recorded and runs out in turn.
CREATE TABLE registration_lapses (
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    ended_on DATE NOT NULL,
    told_at TIMESTAMP NOT NULL,
    PRIMARY KEY (product_id, ended_on)
);
-- A pesticide's label and safety data sheet as uploaded PDFs (paths under the media folder).
ALTER TABLE products ADD COLUMN label_pdf TEXT;
ALTER TABLE products ADD COLUMN sds_pdf TEXT;
