DROP TABLE contact_messages;
DROP TABLE pages;
DROP TABLE shop_settings;
