DROP TABLE catalogue_version;
DROP TABLE offer_products;
DROP TABLE offers;
DROP TABLE product_images;
DROP TABLE products;
DROP TABLE categories;
