#!/usr/bin/env python3
"""Builds a DSFinV-K 2.4 export with the PyPI package `dsfinvk` (an independent implementation of the tables)
from a JSON description of sales, for pos's cross-check test (Tests/FiscalTests/DSFinVKExportTests.swift).

usage: dsfinvk_oracle.py SALES.json OUTDIR

The JSON holds the raw facts (decimal strings, ISO date-times with their offset, unix seconds for TSE log times);
this script derives every total itself (VAT per receipt, business cases, payment and cash totals) and lets
`dsfinvk` format every value, then writes the CSV files with `dsfinvk.collection.Collection`.

Two differences between dsfinvk 2.4.0 and the DSFinV-K 2.4 files pos writes are applied to dsfinvk's output (and
only these; docs/fiscal.md says why pos writes them so):
- numbers: dsfinvk groups thousands (`1.299,00`); pos groups no digits (`1299,00`). Every Numeric column of
  dsfinvk's models has its `.` removed.
- Stamm_TSE: dsfinvk has seven certificate columns (TSE_ZERTIFIKAT_I..VII); the DSFinV-K 2.4 index.xml lists two
  (I, II), with further ones only for a certificate longer than 2000 characters. Trailing certificate columns with
  no value beyond the second are dropped.
"""
import csv
import io
import json
import os
import sys
import tempfile
import zipfile
from collections import defaultdict
from datetime import datetime, timezone
from decimal import Decimal

from dsfinvk import models
from dsfinvk.collection import Collection
from dsfinvk.fields import NumericField
from dsfinvk.models import (Bonkopf, Bonkopf_USt, Bonkopf_Zahlarten, Bonpos, Bonpos_Preisfindung, Bonpos_USt,
                            Stamm_Abschluss, Stamm_Kassen, Stamm_Orte, Stamm_TSE, Stamm_USt, TSE_Transaktionen,
                            Z_GV_Typ, Z_Waehrungen, Z_Zahlart)

VAT = {1: (Decimal("19.00"), "Regelsteuersatz"), 2: (Decimal("7.00"), "Ermäßigter Steuersatz"),
       3: (Decimal("10.70"), "Durchschnittsatz (§ 24 Abs. 1 Nr. 3 UStG) übrige Fälle"),
       4: (Decimal("5.50"), "Durchschnittsatz (§ 24 Abs. 1 Nr. 1 UStG)"), 5: (Decimal("0.00"), "Nicht Steuerbar")}


def utc_log_time(seconds):
    return datetime.fromtimestamp(seconds, timezone.utc).strftime('%Y-%m-%dT%H:%M:%S.%f')[:-3] + 'Z'


def main(sales_path, out_dir):
    with open(sales_path, encoding="utf-8") as f:
        data = json.load(f)
    c = Collection()
    reg, company, loc, tse = data["register"], data["company"], data["location"], data["tse"]
    for closing in data["closings"]:
        key = dict(Z_KASSE_ID=reg["id"], Z_ERSTELLUNG=datetime.fromisoformat(closing["created"]), Z_NR=closing["number"])
        receipts = closing["receipts"]
        cases = defaultdict(lambda: [Decimal(0), Decimal(0), Decimal(0)])
        pay_totals = defaultdict(Decimal)
        cash = defaultdict(Decimal)
        all_payments = Decimal(0)
        cash_payments = Decimal(0)
        for r in receipts:
            bon = dict(key, BON_ID=r["id"])
            revenue = r["type"] != "AVBelegabbruch"
            for line in r["lines"]:
                c.add(Bonpos(**bon, POS_ZEILE=line["line"], ARTIKELTEXT=line["text"], GV_TYP=line["gv_typ"],
                             INHAUS=False, P_STORNO=not revenue, AGENTUR_ID=0, ART_NR=line["art_nr"],
                             GTIN=line["gtin"], MENGE=Decimal(line["quantity"]), EINHEIT=line["unit"],
                             STK_BR=Decimal(line["unit_price"])))
                c.add(Bonpos_USt(**bon, POS_ZEILE=line["line"], UST_SCHLUESSEL=line["rate_key"],
                                 POS_BRUTTO=Decimal(line["gross"]), POS_NETTO=Decimal(line["net"]),
                                 POS_UST=Decimal(line["vat"])))
                d = line.get("discount")
                if d:
                    # Price finding: the price before the discount, and the discount (negative).
                    c.add(Bonpos_Preisfindung(**bon, POS_ZEILE=line["line"], TYP="base_amount",
                                              UST_SCHLUESSEL=line["rate_key"],
                                              PF_BRUTTO=Decimal(line["gross"]) + Decimal(d["gross"]),
                                              PF_NETTO=Decimal(line["net"]) + Decimal(d["net"]),
                                              PF_UST=Decimal(line["vat"]) + Decimal(d["vat"])))
                    c.add(Bonpos_Preisfindung(**bon, POS_ZEILE=line["line"], TYP="discount",
                                              UST_SCHLUESSEL=line["rate_key"], PF_BRUTTO=-Decimal(d["gross"]),
                                              PF_NETTO=-Decimal(d["net"]), PF_UST=-Decimal(d["vat"])))
            lines = r["lines"] if revenue else []
            c.add(Bonkopf(**bon, BON_NR=r["number"], BON_TYP=r["type"], BON_STORNO=r["storno"],
                          BON_START=datetime.fromisoformat(r["start"]), BON_ENDE=datetime.fromisoformat(r["end"]),
                          BEDIENER_ID=r["operator_id"], BEDIENER_NAME=r["operator_name"],
                          UMS_BRUTTO=sum((Decimal(l["gross"]) for l in lines), Decimal(0)),
                          BON_NOTIZ=r.get("note", "")))
            per_rate = defaultdict(lambda: [Decimal(0), Decimal(0), Decimal(0)])
            for l in lines:
                for i, field in enumerate(("gross", "net", "vat")):
                    per_rate[l["rate_key"]][i] += Decimal(l[field])
                    cases[(l["gv_typ"], l["rate_key"])][i] += Decimal(l[field])
            for rate in sorted(per_rate):
                g, n, v = per_rate[rate]
                c.add(Bonkopf_USt(**bon, UST_SCHLUESSEL=rate, BON_BRUTTO=g, BON_NETTO=n, BON_UST=v))
            for p in r["payments"]:
                fields = dict(ZAHLART_TYP=p["type"], ZAHLART_NAME=p["name"], BASISWAEH_BETRAG=Decimal(p["amount"]))
                if p.get("foreign_code"):
                    fields.update(ZAHLWAEH_CODE=p["foreign_code"], ZAHLWAEH_BETRAG=Decimal(p["foreign_amount"]))
                c.add(Bonkopf_Zahlarten(**bon, **fields))
                pay_totals[(p["type"], p["name"])] += Decimal(p["amount"])
                all_payments += Decimal(p["amount"])
                if p["type"] == "Bar":
                    cash_payments += Decimal(p["amount"])
                    if p.get("foreign_code"):
                        cash[p["foreign_code"]] += Decimal(p["foreign_amount"])
                    else:
                        cash[reg["currency"]] += Decimal(p["amount"])
            t = r["tse"]
            row = dict(bon, TSE_ID=tse["id"], TSE_TA_FEHLER=r["tse_error"])
            if t is not None:
                row.update(TSE_TANR=t["number"], TSE_TA_START=utc_log_time(t["start"]),
                           TSE_TA_ENDE=utc_log_time(t["end"]), TSE_TA_VORGANGSART=t["process_type"],
                           TSE_TA_SIGZ=t["counter"], TSE_TA_SIG=t["signature"], TSE_VORGANGSDATEN=t["process_data"])
            c.add(TSE_Transaktionen(**row))
        c.add(Stamm_Abschluss(**key, Z_BUCHUNGSTAG=closing["booking_day"], TAXONOMIE_VERSION="2.4", Z_START_ID=receipts[0]["id"] if receipts else "",
                              Z_ENDE_ID=receipts[-1]["id"] if receipts else "", NAME=company["name"],
                              STRASSE=company["street"], PLZ=company["zip"], ORT=company["city"],
                              LAND=company["country"], STNR=company["tax_number"], USTID=company["vat_id"],
                              Z_SE_ZAHLUNGEN=all_payments, Z_SE_BARZAHLUNGEN=cash_payments))
        c.add(Stamm_Orte(**key, LOC_NAME=loc["name"], LOC_STRASSE=loc["street"], LOC_PLZ=loc["zip"],
                         LOC_ORT=loc["city"], LOC_LAND=loc["country"], LOC_USTID=loc["vat_id"]))
        c.add(Stamm_Kassen(**key, KASSE_BRAND=reg["brand"], KASSE_MODELL=reg["model"], KASSE_SERIENNR=reg["serial"],
                           KASSE_SW_BRAND=reg["sw_brand"], KASSE_SW_VERSION=reg["sw_version"],
                           KASSE_BASISWAEH_CODE=reg["currency"], KEINE_UST_ZUORDNUNG=False))
        for k in sorted(VAT):
            c.add(Stamm_USt(**key, UST_SCHLUESSEL=k, UST_SATZ=VAT[k][0], UST_BESCHR=VAT[k][1]))
        cert = tse["certificate"]
        parts = {f"TSE_ZERTIFIKAT_{n}": cert[i * 1000:(i + 1) * 1000]
                 for i, n in enumerate(["I", "II", "III", "IV", "V", "VI", "VII"]) if i * 1000 < len(cert)}
        c.add(Stamm_TSE(**key, TSE_ID=tse["id"], TSE_SERIAL=tse["serial"], TSE_SIG_ALGO=tse["algorithm"],
                        TSE_ZEITFORMAT=tse["time_format"], TSE_PD_ENCODING="UTF-8", TSE_PUBLIC_KEY=tse["public_key"],
                        **parts))
        for (gv_typ, rate) in sorted(cases):
            g, n, v = cases[(gv_typ, rate)]
            c.add(Z_GV_Typ(**key, GV_TYP=gv_typ, AGENTUR_ID=0, UST_SCHLUESSEL=rate, Z_UMS_BRUTTO=g, Z_UMS_NETTO=n,
                           Z_UST=v))
        for (typ, name) in sorted(pay_totals):
            c.add(Z_Zahlart(**key, ZAHLART_TYP=typ, ZAHLART_NAME=name, Z_ZAHLART_BETRAG=pay_totals[(typ, name)]))
        for code in sorted(cash):
            c.add(Z_Waehrungen(**key, ZAHLART_WAEH=code, ZAHLART_BETRAG_WAEH=cash[code]))

    # Collection.write packs a zip with index.xml and the DTD it is given; only its CSV files are compared.
    with tempfile.TemporaryDirectory() as tmp:
        placeholder = os.path.join(tmp, "placeholder")
        with open(placeholder, "w") as f:
            f.write("")
        archive = os.path.join(tmp, "export.zip")
        c.write(archive, placeholder, placeholder)
        with zipfile.ZipFile(archive) as zf:
            for name in zf.namelist():
                if name.endswith(".csv"):
                    text = adjust(name, zf.read(name).decode("utf-8"))
                    with open(os.path.join(out_dir, name), "wb") as out:
                        out.write(text.encode("utf-8"))


def numeric_columns(file_name):
    """The Numeric columns of dsfinvk's model for `file_name`."""
    for model in vars(models).values():
        if isinstance(model, type) and issubclass(model, models.Model) and model is not models.Model:
            if getattr(model, "_filename", None) == file_name:
                return {f.name for f in model._fields if isinstance(f, NumericField)}
    return set()


def adjust(file_name, text):
    """The two differences the module docstring names: no digit grouping; no empty certificate columns past II."""
    rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=";"))
    header = rows[0]
    numeric = numeric_columns(file_name)
    for row in rows[1:]:
        for i, name in enumerate(header):
            if name in numeric:
                row[i] = row[i].replace(".", "")
    if file_name == "tse.csv":
        extra = [i for i, name in enumerate(header) if name.startswith("TSE_ZERTIFIKAT_") and
                 name not in ("TSE_ZERTIFIKAT_I", "TSE_ZERTIFIKAT_II")]
        while extra and all(row[extra[-1]] == "" for row in rows[1:]):
            drop = extra.pop()
            rows = [row[:drop] + row[drop + 1:] for row in rows]
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerows(rows)
    return out.getvalue()


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: dsfinvk_oracle.py SALES.json OUTDIR")
    main(sys.argv[1], sys.argv[2])
