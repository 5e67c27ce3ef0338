-- The user project's own small benchmark database: shop.sqlite is built from this file with
--   sqlite3 shop.sqlite < shop.sql
CREATE TABLE "products" (
    "Product ID"  INTEGER PRIMARY KEY,
    "Name"        TEXT NOT NULL,
    "Category"    TEXT NOT NULL,
    "Price (EUR)" REAL NOT NULL,
    "In Stock"    INTEGER NOT NULL
);
INSERT INTO "products" VALUES (1, 'Desk lamp', 'Lighting', 24.5, 12);
INSERT INTO "products" VALUES (2, 'Floor lamp', 'Lighting', 79.0, 3);
INSERT INTO "products" VALUES (3, 'Office chair', 'Furniture', 149.0, 7);
INSERT INTO "products" VALUES (4, 'Standing desk', 'Furniture', 399.0, 0);
INSERT INTO "products" VALUES (5, 'Bookshelf', 'Furniture', 89.9, 5);
INSERT INTO "products" VALUES (6, 'LED strip', 'Lighting', 15.0, 40);
