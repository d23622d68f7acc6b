-- An address's details (issue 40 §6): what the buyer calls it (home, farm, shop), who takes
-- the parcel there when not the buyer (a name and the phone the courier calls), and the
-- landmark the courier looks for.
ALTER TABLE addresses ADD COLUMN label TEXT NOT NULL DEFAULT 'home';
ALTER TABLE addresses ADD COLUMN recipient_name TEXT;
ALTER TABLE addresses ADD COLUMN recipient_phone TEXT;
ALTER TABLE addresses ADD COLUMN landmark TEXT;
