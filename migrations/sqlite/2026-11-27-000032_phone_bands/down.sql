DROP TABLE phone_bands;
