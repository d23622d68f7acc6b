-- Search that learns (issue 25): the shop's synonym groups, one member per line, read with
-- the catalogue (a change bumps its version, so every node searches with it within the
-- freshness window), seeded with common farm words; and the searches that found nothing,
-- kept as text, language, how many times and when last (no personal data), one row per text
-- and language.
CREATE TABLE search_synonyms (
    id INTEGER PRIMARY KEY,
    members TEXT NOT NULL
);
INSERT INTO search_synonyms (members) VALUES
('قوطة
طماطم
tomato'),
('سباخ بلدي
سماد عضوي
manure'),
('سماد فراخ
سماد دواجن
poultry manure'),
('باذنجان
بتنجان
aubergine
eggplant'),
('كوسة
courgette
zucchini'),
('ذرة
maize
corn'),
('جرجير
rocket
arugula'),
('بيتموس
peat moss'),
('تقاوي
بذور
seed'),
('مبيد حشري
insecticide'),
('مبيد حشائش
herbicide
weed killer'),
('نترات الأمونيوم
ammonium nitrate');

CREATE TABLE search_misses (
    id INTEGER PRIMARY KEY,
    text TEXT NOT NULL,
    language TEXT NOT NULL,
    searches BIGINT NOT NULL,
    last_searched_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX search_misses_once ON search_misses (text, language);
CREATE INDEX search_misses_recent ON search_misses (last_searched_at);
