DROP TABLE search_misses;
DROP TABLE search_synonyms;
