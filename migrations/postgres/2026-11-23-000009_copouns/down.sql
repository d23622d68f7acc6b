DROP TABLE copoun_uses;
DROP TABLE copouns;
