DROP TABLE contact_changes;
