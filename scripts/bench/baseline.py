#!/usr/bin/python3
"""The baseline a merchant would script instead of pos, run by `pos-bench all` on the same data and machine.

Standard library only (json, sqlite3, urllib.request, concurrent.futures). Measurements:

  ingest  the catalog pages pos-bench generated (the REST JSON of GET products and GET products/{id}/variations),
          parsed with json and stored with sqlite3 in one transaction per page, into a schema equivalent to
          pos's: product and variation tables, SKU and GTIN indexes, category links and an FTS5 index on name
          and SKU (prefixes 2 and 3) kept by triggers. WAL, synchronous=FULL (as pos).
  drain   the create-order bodies pos queued, POSTed one order per request to wc/v3/orders (with set_paid, so
          one request makes a paid order), with HTTP Basic auth, against the same test server.
  --sync  the sync clients of `pos-bench sync`, against the store-like test server: pull-naive (what a merchant
          scripts: sequential, full fields), pull-best (trimmed _fields, 2 requests in flight, variations beside the
          pages), push-naive (one POST per order), push-best (orders/batch of 25, 2 in flight), and cpu (N page
          GETs, the client's CPU per request).

Prints one JSON object on stdout. The password comes from the environment (POS_BENCH_PASSWORD), never argv.
"""
import argparse
import base64
import concurrent.futures
import json
import os
import platform
import resource
import sqlite3
import sys
import threading
import time
import urllib.parse
import urllib.request
import uuid

SCHEMA = """
CREATE TABLE product (
  id INTEGER PRIMARY KEY, name TEXT NOT NULL, slug TEXT NOT NULL DEFAULT '', type TEXT NOT NULL DEFAULT 'simple',
  status TEXT NOT NULL DEFAULT 'publish', sku TEXT COLLATE NOCASE, globalUniqueId TEXT,
  price TEXT NOT NULL DEFAULT '', regularPrice TEXT NOT NULL DEFAULT '', salePrice TEXT NOT NULL DEFAULT '',
  priceMinorUnits INTEGER, taxStatus TEXT NOT NULL DEFAULT 'taxable', taxClass TEXT NOT NULL DEFAULT '',
  manageStock BOOLEAN NOT NULL DEFAULT 0, stockQuantity INTEGER, stockStatus TEXT NOT NULL DEFAULT 'instock',
  purchasable BOOLEAN NOT NULL DEFAULT 1, imageURL TEXT, dateModified DATETIME);
CREATE INDEX product_on_sku ON product(sku);
CREATE INDEX product_on_globalUniqueId ON product(globalUniqueId);
CREATE TABLE productVariation (
  id INTEGER PRIMARY KEY, productId INTEGER NOT NULL REFERENCES product(id) ON DELETE CASCADE,
  name TEXT NOT NULL DEFAULT '', attributes TEXT NOT NULL DEFAULT '[]', status TEXT NOT NULL DEFAULT 'publish',
  sku TEXT COLLATE NOCASE, globalUniqueId TEXT, price TEXT NOT NULL DEFAULT '', regularPrice TEXT NOT NULL DEFAULT '',
  salePrice TEXT NOT NULL DEFAULT '', priceMinorUnits INTEGER, taxStatus TEXT NOT NULL DEFAULT 'taxable',
  taxClass TEXT NOT NULL DEFAULT '', manageStock BOOLEAN NOT NULL DEFAULT 0, stockQuantity INTEGER,
  stockStatus TEXT NOT NULL DEFAULT 'instock', purchasable BOOLEAN NOT NULL DEFAULT 1, imageURL TEXT,
  menuOrder INTEGER NOT NULL DEFAULT 0, dateModified DATETIME);
CREATE INDEX productVariation_on_productId ON productVariation(productId);
CREATE INDEX productVariation_on_sku ON productVariation(sku);
CREATE INDEX productVariation_on_globalUniqueId ON productVariation(globalUniqueId);
CREATE TABLE productCategoryLink (
  productId INTEGER NOT NULL REFERENCES product(id) ON DELETE CASCADE, categoryId INTEGER NOT NULL,
  PRIMARY KEY (productId, categoryId));
CREATE INDEX productCategoryLink_on_categoryId ON productCategoryLink(categoryId);
CREATE VIRTUAL TABLE productSearch USING fts5(name, sku, content='product', content_rowid='id',
  tokenize='unicode61 remove_diacritics 2', prefix='2 3');
CREATE TRIGGER product_ai AFTER INSERT ON product BEGIN
  INSERT INTO productSearch(rowid, name, sku) VALUES (new.id, new.name, new.sku); END;
CREATE TRIGGER product_ad AFTER DELETE ON product BEGIN
  INSERT INTO productSearch(productSearch, rowid, name, sku) VALUES ('delete', old.id, old.name, old.sku); END;
CREATE TRIGGER product_au AFTER UPDATE ON product BEGIN
  INSERT INTO productSearch(productSearch, rowid, name, sku) VALUES ('delete', old.id, old.name, old.sku);
  INSERT INTO productSearch(rowid, name, sku) VALUES (new.id, new.name, new.sku); END;
"""

PRODUCT_UPSERT = """
INSERT INTO product (id, name, slug, type, status, sku, globalUniqueId, price, regularPrice, salePrice,
  priceMinorUnits, taxStatus, taxClass, manageStock, stockQuantity, stockStatus, purchasable, imageURL, dateModified)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT(id) DO UPDATE SET name=excluded.name, slug=excluded.slug, type=excluded.type, status=excluded.status,
  sku=excluded.sku, globalUniqueId=excluded.globalUniqueId, price=excluded.price, regularPrice=excluded.regularPrice,
  salePrice=excluded.salePrice, priceMinorUnits=excluded.priceMinorUnits, taxStatus=excluded.taxStatus,
  taxClass=excluded.taxClass, manageStock=excluded.manageStock, stockQuantity=excluded.stockQuantity,
  stockStatus=excluded.stockStatus, purchasable=excluded.purchasable, imageURL=excluded.imageURL,
  dateModified=excluded.dateModified
"""

VARIATION_UPSERT = """
INSERT INTO productVariation (id, productId, name, attributes, status, sku, globalUniqueId, price, regularPrice,
  salePrice, priceMinorUnits, taxStatus, taxClass, manageStock, stockQuantity, stockStatus, purchasable, imageURL,
  menuOrder, dateModified)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT(id) DO UPDATE SET name=excluded.name, attributes=excluded.attributes, status=excluded.status,
  sku=excluded.sku, globalUniqueId=excluded.globalUniqueId, price=excluded.price, regularPrice=excluded.regularPrice,
  salePrice=excluded.salePrice, priceMinorUnits=excluded.priceMinorUnits, taxStatus=excluded.taxStatus,
  taxClass=excluded.taxClass, manageStock=excluded.manageStock, stockQuantity=excluded.stockQuantity,
  stockStatus=excluded.stockStatus, purchasable=excluded.purchasable, dateModified=excluded.dateModified
"""


def minor_units(text, exponent=2):
    """A decimal price string as integer minor units (no floats), or None."""
    if not text:
        return None
    whole, _, fraction = text.partition(".")
    fraction = (fraction + "0" * exponent)[:exponent]
    return int(whole or "0") * 10 ** exponent + int(fraction or "0")


def ingest(pages_dir, db_path):
    """Parses and stores every page; returns (products, variations, seconds)."""
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db_path + suffix):
            os.remove(db_path + suffix)
    db = sqlite3.connect(db_path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = FULL")
    db.execute("PRAGMA foreign_keys = ON")
    db.executescript(SCHEMA)
    page_files = sorted(name for name in os.listdir(pages_dir) if name.startswith("products-"))
    products = variations = 0
    start = time.perf_counter()
    for name in page_files:
        with open(os.path.join(pages_dir, name), "rb") as handle:
            page = json.load(handle)
        db.execute("BEGIN IMMEDIATE")
        for p in page:
            price = p.get("price", "")
            db.execute(PRODUCT_UPSERT, (
                p["id"], p["name"], p.get("slug", ""), p.get("type", "simple"), p.get("status", "publish"),
                p.get("sku") or None, p.get("global_unique_id") or None, price, p.get("regular_price", ""),
                p.get("sale_price", ""), minor_units(price), p.get("tax_status", "taxable"), p.get("tax_class", ""),
                1 if p.get("manage_stock") else 0, p.get("stock_quantity"), p.get("stock_status", "instock"),
                1 if p.get("purchasable", True) else 0, None, p.get("date_modified_gmt")))
            db.execute("DELETE FROM productCategoryLink WHERE productId = ?", (p["id"],))
            for category in p.get("categories", []):
                db.execute("INSERT OR IGNORE INTO productCategoryLink (productId, categoryId) VALUES (?, ?)",
                           (p["id"], category["id"]))
        db.execute("COMMIT")
        products += len(page)
        # The variations of this page's variable products, one transaction per parent (as pos).
        for p in page:
            if p.get("type") != "variable":
                continue
            with open(os.path.join(pages_dir, "variations-%d.json" % p["id"]), "rb") as handle:
                items = json.load(handle)
            db.execute("BEGIN IMMEDIATE")
            for v in items:
                price = v.get("price", "")
                attributes = json.dumps(v.get("attributes", []))
                name = ", ".join(a.get("option", "") for a in v.get("attributes", []))
                db.execute(VARIATION_UPSERT, (
                    v["id"], p["id"], name, attributes, v.get("status", "publish"), v.get("sku") or None,
                    v.get("global_unique_id") or None, price, v.get("regular_price", ""), v.get("sale_price", ""),
                    minor_units(price), v.get("tax_status", "taxable"), v.get("tax_class", ""),
                    1 if v.get("manage_stock") else 0, v.get("stock_quantity"), v.get("stock_status", "instock"),
                    1 if v.get("purchasable", True) else 0, None, 0, v.get("date_modified_gmt")))
            db.execute("COMMIT")
            variations += len(items)
    seconds = time.perf_counter() - start
    db.close()
    return products, variations, seconds


def drain(site, username, password, orders_file):
    """POSTs each order on its own; returns (orders, seconds, failures)."""
    with open(orders_file, "rb") as handle:
        bodies = json.load(handle)
    token = base64.b64encode(("%s:%s" % (username, password)).encode()).decode()
    url = site.rstrip("/") + "/wp-json/wc/v3/orders"
    failures = 0
    start = time.perf_counter()
    for body in bodies:
        body = dict(body)
        body["set_paid"] = True
        request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST", headers={
            "Authorization": "Basic " + token, "Content-Type": "application/json", "Accept": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                json.load(response)
                if response.status != 201:
                    failures += 1
        except Exception:  # a merchant's script would log and go on
            failures += 1
    return len(bodies), time.perf_counter() - start, failures


# The _fields pos's catalog sync asks for (CatalogSyncConfiguration.productFields); the best client trims the same.
TRIMMED_FIELDS = ("id,name,slug,type,status,sku,global_unique_id,price,regular_price,sale_price,purchasable,tax_status,"
                  "tax_class,manage_stock,stock_quantity,stock_status,categories,variations,images,date_modified_gmt")
CLIENT_UUID_KEY = "_pos_client_uuid"


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class Client:
    """What a merchant's script does with the standard library: urllib, HTTP Basic auth, JSON."""

    def __init__(self, site, username, password):
        self.base = site.rstrip("/") + "/wp-json/wc/v3/"
        self.auth = "Basic " + base64.b64encode(("%s:%s" % (username, password)).encode()).decode()
        self.requests = 0
        self.lock = threading.Lock()

    def call(self, method, route, query=None, body=None, parse=True):
        url = self.base + route + ("?" + urllib.parse.urlencode(query) if query else "")
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(url, data=data, method=method, headers={
            "Authorization": self.auth, "Accept": "application/json", "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=120) as response:
            payload = json.load(response) if parse else response.read()
            headers = response.headers
        with self.lock:
            self.requests += 1
        return payload, headers


def pull(client, trimmed, in_flight):
    """Every published product, then every variation of the variable ones; returns (products, variations)."""
    base = {"per_page": 100, "status": "publish"}
    if trimmed:
        base["_fields"] = TRIMMED_FIELDS
    first, headers = client.call("GET", "products", dict(base, page=1))
    pages = int(headers.get("X-WP-TotalPages") or 1)
    products = list(first)
    variation_fields = {"per_page": 100}
    if trimmed:
        variation_fields["_fields"] = TRIMMED_FIELDS.replace(",variations", "")

    def variations_of(product):
        items, _ = client.call("GET", "products/%d/variations" % product["id"], variation_fields)
        return items

    if in_flight <= 1:
        for page in range(2, pages + 1):
            items, _ = client.call("GET", "products", dict(base, page=page))
            products += items
        variations = [v for p in products if p.get("type") == "variable" for v in variations_of(p)]
        return len(products), len(variations)
    # The best client: pages and the variations of the products they bring share the requests in flight.
    variations = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=in_flight) as pool:
        pending = [pool.submit(variations_of, p) for p in first if p.get("type") == "variable"]
        page_futures = [pool.submit(client.call, "GET", "products", dict(base, page=page)) for page in range(2, pages + 1)]
        for future in page_futures:
            items, _ = future.result()
            products += items
            pending += [pool.submit(variations_of, p) for p in items if p.get("type") == "variable"]
        for future in pending:
            variations += future.result()
    return len(products), len(variations)


def fresh_bodies(orders_file):
    """The orders pos queued, each with a new client uuid so every client's run is a new set of sales."""
    with open(orders_file, "rb") as handle:
        bodies = json.load(handle)
    result = []
    for body in bodies:
        body = dict(body)
        body["set_paid"] = True
        body["meta_data"] = [m for m in body.get("meta_data", []) if m.get("key") != CLIENT_UUID_KEY]
        body["meta_data"].append({"key": CLIENT_UUID_KEY, "value": str(uuid.uuid4())})
        result.append(body)
    return result


def push(client, bodies, batch_size, in_flight):
    """One POST per order, or orders/batch of batch_size with in_flight requests at once; returns failures."""
    if batch_size <= 1:
        failures = 0
        for body in bodies:
            try:
                client.call("POST", "orders", body=body)
            except Exception:  # a merchant's script would log and go on
                failures += 1
        return failures
    batches = [bodies[i:i + batch_size] for i in range(0, len(bodies), batch_size)]

    def send(batch):
        answer, _ = client.call("POST", "orders/batch", body={"create": batch})
        return sum(1 for item in answer.get("create", []) if "error" in item)

    with concurrent.futures.ThreadPoolExecutor(max_workers=in_flight) as pool:
        return sum(pool.map(send, batches))


def sync_client(args, password):
    client = Client(args.site, args.username or "", password)
    if args.sync in ("cpu", "cpu-raw"):
        # One warm-up request not counted, as `pos-bench http-client` does (the opener, the event loop).
        client.call("GET", "products", {"per_page": 100, "page": 1, "_fields": TRIMMED_FIELDS}, parse=args.sync == "cpu")
        client.requests = 0
    cpu = cpu_seconds()
    start = time.perf_counter()
    result = {"client": args.sync}
    if args.sync in ("pull-naive", "pull-best"):
        best = args.sync == "pull-best"
        products, variations = pull(client, trimmed=best, in_flight=2 if best else 1)
        result.update(products=products, variations=variations)
    elif args.sync in ("push-naive", "push-best"):
        best = args.sync == "push-best"
        bodies = fresh_bodies(args.orders)
        result["failures"] = push(client, bodies, batch_size=25 if best else 1, in_flight=2 if best else 1)
        result["orders"] = len(bodies)
    elif args.sync in ("cpu", "cpu-raw"):
        for page in range(1, args.requests + 1):
            client.call("GET", "products", {"per_page": 100, "page": page, "_fields": TRIMMED_FIELDS},
                        parse=args.sync == "cpu")
    result["seconds"] = time.perf_counter() - start
    result["cpuSeconds"] = cpu_seconds() - cpu
    result["requests"] = client.requests
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", help="directory with products-NNNNN.json and variations-ID.json")
    parser.add_argument("--db", help="where to create the baseline database")
    parser.add_argument("--site", help="the test server, e.g. http://127.0.0.1:PORT")
    parser.add_argument("--username")
    parser.add_argument("--orders", help="a JSON array of create-order bodies")
    parser.add_argument("--sync", choices=["pull-naive", "pull-best", "push-naive", "push-best", "cpu", "cpu-raw"],
                        help="one sync client against --site: the naive script or the best client, or CPU per request")
    parser.add_argument("--requests", type=int, default=40, help="GETs for --sync cpu")
    args = parser.parse_args()
    if args.sync:
        json.dump(sync_client(args, os.environ.get("POS_BENCH_PASSWORD", "")), sys.stdout)
        sys.stdout.write("\n")
        return
    result = {"python": platform.python_version(), "sqlite": sqlite3.sqlite_version,
              "settings": "WAL, synchronous=FULL, one transaction per page"}
    if args.pages and args.db:
        products, variations, seconds = ingest(args.pages, args.db)
        result["ingest"] = {"products": products, "variations": variations, "seconds": seconds,
                            "productsPerSecond": products / max(seconds, 1e-9)}
    if args.site and args.orders:
        password = os.environ.get("POS_BENCH_PASSWORD", "")
        orders, seconds, failures = drain(args.site, args.username or "", password, args.orders)
        result["drain"] = {"orders": orders, "seconds": seconds, "ordersPerSecond": orders / max(seconds, 1e-9),
                           "requests": orders, "failures": failures}
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
