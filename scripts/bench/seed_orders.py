#!/usr/bin/env python3
"""Adds N generated orders (one to three lines each, of the benchmark's products) to a Mahsoul
database for the staff-list benchmark: 60 % placed by 2,000 generated clients, the rest by
guests or through WhatsApp; every status, source and city; two years of dates; Arabic names.
`search_text` is written as the shop writes it (the search form of names, phones and product
names). SQLite: a file path; PostgreSQL: a URL (rows go through psql's COPY). With `--history`, each
order also gets the status changes that led it to its status (for the overview's tally), and
`--clients M` makes M clients who joined over the same two years (2,000 by default).

    seed_orders.py N <sqlite file | postgres URL> [--clients M] [--history]
"""
import csv
import io
import random
import re
import sqlite3
import subprocess
import sys
import unicodedata
from datetime import datetime, timedelta

FIRST = ["محمد", "أحمد", "محمود", "مصطفى", "إبراهيم", "سمير", "منى", "فاطمة", "هدى", "عائشة", "يوسف", "علي", "حسن", "سلمى", "نورا"]
LAST = ["عبد الرحمن", "السيد", "حسين", "الشافعي", "إسماعيل", "عادل", "فؤاد", "النجار", "منصور", "الفلاح"]
STATUSES = ["new"] * 2 + ["on_delivery"] * 2 + ["delivered"] * 5 + ["cancelled"]
CLIENTS = 2000
HISTORY_COLUMNS = "order_id, from_status, to_status, changed_at"


def fold(text):
    """The shop's search form (kernel::search_text::normalize)."""
    out = []
    for c in text.lower():
        if "\u064b" <= c <= "\u065f" or c in "\u0670\u0640" or "\u06d6" <= c <= "\u06ed":
            continue
        c = {"أ": "ا", "إ": "ا", "آ": "ا", "ٱ": "ا", "ى": "ي", "ة": "ه", "ؤ": "و", "ئ": "ي"}.get(c, c)
        if unicodedata.category(c)[0] in "LN":
            out.append(c)
        elif not out or out[-1] != " ":
            out.append(" ")
    return re.sub(" +", " ", "".join(out)).strip()


def products(read):
    return read("SELECT id, slug, name_ar, name_en, price, weight_grams FROM products ORDER BY id")


def history(order_id, status, at):
    """The status changes that led an order to its status."""
    stamp = lambda moment: moment.strftime("%Y-%m-%d %H:%M:%S")
    rows = [(order_id, "", "new", stamp(at))]
    if status in ("on_delivery", "delivered"):
        rows.append((order_id, "new", "on_delivery", stamp(at + timedelta(hours=3))))
    if status == "delivered":
        rows.append((order_id, "on_delivery", "delivered", stamp(at + timedelta(days=1))))
    if status == "cancelled":
        rows.append((order_id, "new", "cancelled", stamp(at + timedelta(hours=2))))
    return rows


def generate(count, catalogue, first_order_id, cities, engineers, clients):
    rng = random.Random(2026)
    start = datetime(2024, 11, 1)
    span = int(timedelta(days=730).total_seconds())
    orders, items, changes = [], [], []
    for n in range(count):
        order_id = first_order_id + n
        at = start + timedelta(seconds=span * n // count + rng.randint(0, 600))
        client = rng.random() < 0.6
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        phone = f"01{rng.choice('0125')}{rng.randint(10_000_000, 99_999_999)}"
        lines = rng.sample(catalogue, rng.randint(1, 3))
        subtotal, grams, parts = 0, 0, [name, phone]
        for position, (pid, slug, ar, en, price, weight) in enumerate(lines):
            quantity = rng.randint(1, 4)
            subtotal += price * quantity
            grams += weight * quantity
            parts += [ar, en]
            items.append((order_id, position, pid, slug, ar, en, "", quantity, price, weight, price * quantity))
        city_id, city_ar, city_en, cost = rng.choice(cities)
        extra = max(0, -(-(grams - 10_000) // 1000)) * 500
        source = "web" if client and rng.random() < 0.9 else ("sales" if client else rng.choice(["guest", "guest", "whatsapp"]))
        status = rng.choice(STATUSES)
        changes += history(order_id, status, at)
        orders.append((
            order_id, f"MS-{at.year}-{order_id:06d}", rng.randint(1, clients) if client else "", source, status, "self",
            "cash_on_delivery", name, phone, "", "", "قرية الأمل، بجوار المسجد", city_id, city_ar, city_en, "", "",
            subtotal, 0, cost, extra, subtotal + cost + extra, grams, at.strftime("%Y-%m-%d %H:%M:%S"),
            rng.choice(engineers) if client else "", "ar", fold(" ".join(parts)),
        ))
    return orders, items, changes


ORDER_COLUMNS = ("id, number, user_id, source, status, kind, payment_method, customer_name, customer_phone, receiver_name, "
                 "receiver_phone, address, city_id, city_name_ar, city_name_en, notes, copoun, subtotal, discount, shipping_base, "
                 "shipping_extra, total, total_weight_grams, created_at, sales_engineer_id, locale, search_text")
ITEM_COLUMNS = "order_id, position, product_id, slug, name_ar, name_en, image, quantity, unit_price, weight_grams, line_total"
USER_COLUMNS = "name, phone, password_hash, role, verified_at, blocked, created_at, updated_at"


def clients(count):
    """Clients who joined over the two years the orders span."""
    start, span = datetime(2024, 11, 1), 730 * 86_400
    joined = lambda n: (start + timedelta(seconds=span * n // count)).strftime("%Y-%m-%d %H:%M:%S")
    return [(f"عميل {n}", f"0155{n:07d}", "x", "customer", joined(n), False, joined(n), joined(n)) for n in range(count)]


def nulls(row):
    return tuple(None if value == "" else value for value in row)


def main():
    count, target = int(sys.argv[1]), sys.argv[2]
    options = sys.argv[3:]
    client_count = int(options[options.index("--clients") + 1]) if "--clients" in options else CLIENTS
    with_history = "--history" in options
    postgres = target.startswith("postgres")

    def read(sql):
        if postgres:
            out = subprocess.run(["psql", target, "-qtAF", "\t", "-c", sql], check=True, capture_output=True, text=True).stdout
            return [tuple(int(v) if v.lstrip("-").isdigit() else v for v in line.split("\t")) for line in out.splitlines() if line]
        return sqlite3.connect(target).execute(sql).fetchall()

    catalogue = products(read)
    cities = read("SELECT id, name_ar, name_en, shipping_cost FROM shipping_cities ORDER BY id")
    engineers = [row[0] for row in read("SELECT id FROM users WHERE role = 'sales' ORDER BY id")]
    if postgres:
        copy(target, "users", USER_COLUMNS, clients(client_count))
    else:
        db = sqlite3.connect(target)
        db.executemany(f"INSERT INTO users ({USER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", clients(client_count))
        db.commit()
    first_client = read("SELECT min(id) FROM users WHERE phone LIKE '0155%'")[0][0]
    first_order = (read("SELECT coalesce(max(id), 0) FROM orders")[0][0] or 0) + 1
    batch = 100_000
    for done in range(0, count, batch):
        orders, items, changes = generate(min(batch, count - done), catalogue, first_order + done, cities, engineers, client_count)
        orders = [row[:2] + ((row[2] + first_client - 1) if row[2] != "" else "",) + row[3:] for row in orders]
        changes = changes if with_history else []
        if postgres:
            copy(target, "orders", ORDER_COLUMNS, orders)
            copy(target, "order_items", ITEM_COLUMNS, items)
            if changes:
                copy(target, "order_history", HISTORY_COLUMNS, changes)
        else:
            db.executemany(f"INSERT INTO orders ({ORDER_COLUMNS}) VALUES ({', '.join('?' * 27)})", [nulls(row) for row in orders])
            db.executemany(f"INSERT INTO order_items ({ITEM_COLUMNS}) VALUES ({', '.join('?' * 11)})", [nulls(row) for row in items])
            db.executemany(f"INSERT INTO order_history ({HISTORY_COLUMNS}) VALUES (?, ?, ?, ?)", [nulls(row) for row in changes])
            db.commit()
        print(f"{done + min(batch, count - done)} orders", file=sys.stderr)
    if postgres:
        subprocess.run(["psql", target, "-qc", "SELECT setval(pg_get_serial_sequence('orders', 'id'), (SELECT max(id) FROM orders))"],
                       check=True, capture_output=True)
        # As autovacuum leaves a shop that has run a while: statistics, and the visibility map
        # that lets counts read an index alone.
        subprocess.run(["psql", target, "-qc", "VACUUM ANALYZE"], check=True, capture_output=True)
    else:
        db.execute("ANALYZE")
        db.commit()


def copy(url, table, columns, rows):
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    for row in rows:
        writer.writerow(["t" if value is True else "f" if value is False else value for value in row])
    subprocess.run(["psql", url, "-qc", f"COPY {table} ({columns}) FROM STDIN WITH (FORMAT csv, NULL '')"],
                   input=buffer.getvalue(), check=True, text=True, capture_output=True)


if __name__ == "__main__":
    main()
