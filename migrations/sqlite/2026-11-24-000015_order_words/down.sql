DROP TRIGGER order_words_update;
DROP TRIGGER order_words_delete;
DROP TRIGGER order_words_insert;
DROP TABLE order_words;
CREATE VIRTUAL TABLE order_search USING fts5(search_text, content = 'orders', content_rowid = 'id', tokenize = 'trigram');
INSERT INTO order_search (order_search) VALUES ('rebuild');
CREATE TRIGGER order_search_insert AFTER INSERT ON orders BEGIN
    INSERT INTO order_search (rowid, search_text) VALUES (new.id, new.search_text);
END;
CREATE TRIGGER order_search_delete AFTER DELETE ON orders BEGIN
    INSERT INTO order_search (order_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
END;
CREATE TRIGGER order_search_update AFTER UPDATE OF search_text ON orders BEGIN
    INSERT INTO order_search (order_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    INSERT INTO order_search (rowid, search_text) VALUES (new.id, new.search_text);
END;
