#!/usr/bin/env python3
"""Builds the reference receipts of ESCPOSReferenceTests with python-escpos (PyPI, 3.1) and prints them as hex.

Run once after a deliberate change and paste the output into
Tests/YosemiteTests/Receipts/ESCPOSReferenceBytes.swift; the test suite itself never needs Python:

    python3 -m venv /tmp/escpos && /tmp/escpos/bin/pip install python-escpos==3.1
    /tmp/escpos/bin/python Receipts/tools/escpos_reference.py            # the English reference
    /tmp/escpos/bin/python Receipts/tools/escpos_reference.py --german   # the German one (issue 21): umlauts in PC858

The receipt (the markup in ESCPOSReferenceTests), 48 columns, PC858, feed 6 before the cut:
    @center @bold @double Corner Shop
    @center Musterstraße 1
    @rule
    @row Espresso|5,00 €
    @bold @row TOTAL|5,00 €
    @qr 3f2c8a4e-9b1d-4c7e-8a55-0d6f1e2b7c90
    @drawer
    @cut
"""
import sys

from escpos.constants import CODEPAGE_CHANGE, TXT_SIZE, TXT_STYLE
from escpos.printer import Dummy

WIDTH = 48
p = Dummy()


def line(text):
    p._raw(text.encode("cp858") + b"\n")


def row(label, amount):
    line(label + " " * (WIDTH - len(label) - len(amount)) + amount)


def english():
    p.hw("INIT")
    p._raw(CODEPAGE_CHANGE + bytes([19]))  # PC858 in Epson's numbering
    p._raw(TXT_STYLE["align"]["center"])
    p._raw(TXT_STYLE["bold"][True])
    p._raw(TXT_SIZE + bytes([0x11]))  # 2x wide, 2x tall
    line("Corner Shop")
    p._raw(TXT_STYLE["bold"][False])
    p._raw(TXT_SIZE + bytes([0x00]))
    line("Musterstraße 1")
    p._raw(TXT_STYLE["align"]["left"])
    line("-" * WIDTH)
    row("Espresso", "5,00 €")
    p._raw(TXT_STYLE["bold"][True])
    row("TOTAL", "5,00 €")
    p._raw(TXT_STYLE["align"]["center"])
    p.qr("3f2c8a4e-9b1d-4c7e-8a55-0d6f1e2b7c90", native=True, size=6, ec=1)  # M, as ReceiptQRCode's default
    p.cashdraw(2)
    p.cut()


def german():
    """The German reference (ESCPOSReferenceTests.germanMarkup): every umlaut, ß and € through cp858."""
    p.hw("INIT")
    p._raw(CODEPAGE_CHANGE + bytes([19]))
    p._raw(TXT_STYLE["align"]["center"])
    p._raw(TXT_STYLE["bold"][True])
    p._raw(TXT_SIZE + bytes([0x11]))
    line("Bäckerei Müller")
    p._raw(TXT_STYLE["bold"][False])
    p._raw(TXT_SIZE + bytes([0x00]))
    line("Große Straße 1")
    p._raw(TXT_STYLE["align"]["left"])
    line("-" * WIDTH)
    row("Brötchen", "0,45 €")
    row("Käsekuchen (Stück)", "2,90 €")
    row("ÄPFEL ÖKO ÜBERGRÖSSE", "1,99 €")
    p._raw(TXT_STYLE["bold"][True])
    row("SUMME", "5,34 €")
    p._raw(TXT_STYLE["bold"][False])
    row("Rückgeld", "4,66 €")
    p._raw(TXT_STYLE["align"]["center"])
    line("Vielen Dank für Ihren Besuch!")
    p.cut()


german() if "--german" in sys.argv else english()
print(p.output.hex())
