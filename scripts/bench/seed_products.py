#!/usr/bin/env python3
"""Adds N generated products to a Mahsoul database for the benchmark, and bumps the
catalogue version so running servers reload. SQLite: a file path; PostgreSQL: psql reads
the SQL from stdin (pass --sql to print it)."""
import random
import sqlite3
import sys
from datetime import datetime, timedelta

AR = ["بذور", "طماطم", "خيار", "سماد", "أسمدة", "عضوي", "مبيد", "فطري", "تربة", "بيتموس", "نترات", "بوتاسيوم", "قمح", "ذرة", "فلفل", "ملوخية", "كمبوست", "حشري", "ورقي", "سائل"]
EN = ["seeds", "tomato", "cucumber", "compost", "fertiliser", "organic", "pesticide", "fungicide", "soil", "peat", "nitrate", "potassium", "wheat", "maize", "pepper", "molokhia", "manure", "insecticide", "foliar", "liquid"]


def rows(count):
    rng = random.Random(2026)
    now = datetime(2026, 11, 1)
    for n in range(count):
        picks = rng.sample(range(len(AR)), 3)
        name_ar = " ".join(AR[i] for i in picks) + f" {n}"
        name_en = " ".join(EN[i] for i in picks) + f" {n}"
        created = (now - timedelta(minutes=n)).strftime("%Y-%m-%d %H:%M:%S")
        yield (f"bench-product-{n}", name_ar, name_en, f"وصف {name_ar}", f"About {name_en}", rng.randint(20, 900) * 100,
               rng.choice([0, 0, 0, 5, 10]), rng.choice([250, 500, 1000, 5000, 25000]), rng.randint(0, 200),
               1 if n % 50 == 0 else 0, rng.randint(1, 5), created)


INSERT = ("INSERT INTO products (slug, name_ar, name_en, description_ar, description_en, price, discount, weight_grams, "
          "weight_unit, quantity, featured, is_package, category_id, created_at, updated_at) VALUES ")


def sql_literal(value):
    if isinstance(value, str):
        return "'" + value.replace("'", "''") + "'"
    return str(value)


def main():
    count = int(sys.argv[1])
    target = sys.argv[2]
    if target == "--sql":
        print("BEGIN;")
        for row in rows(count):
            slug, ar, en, dar, den, price, discount, grams, qty, featured, category, created = row
            values = [slug, ar, en, dar, den, price, discount, grams, "kg" if grams >= 1000 else "g", qty,
                      "TRUE" if featured else "FALSE", "FALSE", category, created, created]
            rendered = ", ".join(v if v in ("TRUE", "FALSE") else sql_literal(v) for v in values)
            print(INSERT + f"({rendered});")
        print("UPDATE catalogue_version SET version = version + 1 WHERE id = 1;")
        print("COMMIT;")
        return
    db = sqlite3.connect(target)
    db.executemany(
        INSERT + "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)",
        [(s, a, e, da, de, p, d, g, "kg" if g >= 1000 else "g", q, f, c, t, t) for (s, a, e, da, de, p, d, g, q, f, c, t) in rows(count)],
    )
    db.execute("UPDATE catalogue_version SET version = version + 1 WHERE id = 1")
    db.commit()


if __name__ == "__main__":
    main()
