#!/usr/bin/env python3
"""Writes the seed corpora under Fuzz/corpus/ from reference frames and the project's JSON fixtures.

Run from the package root: /usr/bin/python3 Fuzz/tools/make-seeds.py. Seeds are small; the fuzzer finds the rest.
Input layouts match the targets: ZVT and Concert take [mode, seed, bytes…], the mapper target [index, json…],
the input target [mode, options, text…], the receipt target the byte stream HostileOrder reads.
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(ROOT, "Fuzz", "corpus")
FIXTURES = [os.path.join(ROOT, "Tests", "NetworkingTests", "Responses"), "/work/shared/fixtures/woocommerce"]


def write(target, name, data, folder="corpus"):
    folder = os.path.join(ROOT, "Fuzz", folder, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as handle:
        handle.write(bytes(data))


def h(text):
    return list(bytes.fromhex(text.replace(" ", "")))


# --- ZVT -------------------------------------------------------------------------------------------------

def crc_kermit(data):
    crc = 0
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x8408 if crc & 1 else crc >> 1
    return crc


def zvt_frame(apdu):
    stuffed = []
    for byte in apdu:
        stuffed += [0x10, 0x10] if byte == 0x10 else [byte]
    crc = crc_kermit(apdu + [0x03])
    return [0x10, 0x02] + stuffed + [0x10, 0x03, crc & 0xFF, crc >> 8]


STATUS = h("04 0F 36 27 00 04 00 00 00 00 12 50 0B 00 04 70 22 F0 F8 67 99 99 EE EE EE 00 10 87 04 70 8B F1 F6") \
    + list(b"Debit Mastercard") + h("29 29 00 12 34 49 09 78")
PT_APDUS = {
    "ack": h("80 00 00"),
    "nak": h("84 83 00"),
    "intermediate": h("04 FF 01 0A"),
    "status": STATUS,
    "print-line": h("06 D1 07 00") + list(b"TOTAL "),
    "print-block": h("06 D3 0C 06 0A 25 08 07 06") + list(b"HELLO!"),
    "completion": h("06 0F 00"),
    "abort": h("06 1E 01 6C"),
    "status-declined": h("04 0F 09 27 05 04 00 00 00 00 12 50"),
    "completion-registration": h("06 0F 0A 19 40 29 52 50 01 23 49 09 78"),
}
assert zvt_frame(h("06 00 08 00 00 00 BA 09 78 03 00"))[-2:] == h("9E B6"), "CRC16/Kermit does not match reference/zvt.md"
payment = ["ack", "intermediate", "status", "print-line", "completion"]
for seed in (0, 5, 0x83):
    serial = []
    for name in payment:
        serial += [0x06] + zvt_frame(PT_APDUS[name])
    write("FuzzZVT", f"serial-payment-{seed:02x}", [0, seed] + serial)
    write("FuzzZVT", f"tcp-payment-{seed:02x}", [1, seed] + sum((PT_APDUS[n] for n in payment), []))
for name, apdu in PT_APDUS.items():
    write("FuzzZVT", f"serial-{name}", [0, 1] + zvt_frame(apdu))
    write("FuzzZVT", f"tcp-{name}", [1, 2] + apdu)
write("FuzzZVT", "serial-noise", [0, 3] + h("00 10 10 02 15 06 10 02 80 00 00 10 03 00 00 FF"))
write("FuzzZVT", "tlv-print-texts", [2, 0] + h("25 08 07 06") + list(b"HELLO!"))
write("FuzzZVT", "tlv-error", [2, 0] + h("1F 16 01 05 1F 17 04") + list(b"oops"))
write("FuzzZVT", "tlv-long-length", [2, 0] + h("07 81 80") + [0x41] * 128)
write("FuzzZVT", "fields-status", [3, 0] + STATUS[3:])

# --- Concert --------------------------------------------------------------------------------------------

def concert_frame(payload):
    lrc = 0x03
    for byte in payload:
        lrc ^= byte
    return [0x02] + list(payload) + [0x03, lrc]


REPORT = b"4970XXXXXXXX0010 2612 101".ljust(55)
ANSWER_FULL = b"01" + b"0" + b"00001250" + b"1" + REPORT + b"978" + b"ORDER42".ljust(10)
ANSWER_SHORT = b"01" + b"7" + b"00001250" + b"1" + b"978" + b"".ljust(10)
REQUEST = b"01" + b"00001250" + b"1" + b"1" + b"0" + b"978" + b"".ljust(10) + b"A010" + b"B010"
assert len(ANSWER_FULL) == 80 and len(ANSWER_SHORT) == 25 and len(REQUEST) == 34
assert concert_frame(REQUEST)[-1] == 0x01, "LRC does not match reference/concert.md"
session = [0x06, 0x06, 0x05] + concert_frame(ANSWER_FULL) + [0x04]
for seed in (0, 7):
    write("FuzzConcert", f"session-approved-{seed:02x}", [1, seed] + session)
    write("FuzzConcert", f"link-answer-{seed:02x}", [0, seed] + concert_frame(ANSWER_FULL))
write("FuzzConcert", "session-short", [1, 3] + [0x06, 0x06, 0x05] + concert_frame(ANSWER_SHORT) + [0x04])
write("FuzzConcert", "session-nak", [1, 0] + [0x15, 0x06, 0x15, 0x06, 0x05] + concert_frame(ANSWER_FULL)[:-1] + [0x00])
write("FuzzConcert", "link-request", [0, 0] + concert_frame(REQUEST))
write("FuzzConcert", "payload-full", [2, 0] + list(ANSWER_FULL))
write("FuzzConcert", "payload-short", [2, 0] + list(ANSWER_SHORT))
write("FuzzConcert", "payload-request", [2, 0] + list(REQUEST))

# --- Mappers --------------------------------------------------------------------------------------------

MAPPERS = {  # index in Fuzz/Targets/FuzzMappers/MapperTable.swift → fixture names
    0: ["coupons.json"], 1: ["customers.json"], 2: ["order-batch.json"], 3: ["orders.json"],
    4: ["order.json", "order-custom-decimals.json", "order-quirks-envelope.json"], 5: ["categories.json"],
    6: ["products.json"], 7: ["product.json"], 8: ["variations.json"], 9: ["refunds.json"], 10: ["refund.json"],
    11: ["site-index.json", "site-index-without-woo.json"], 12: ["settings-general.json"], 13: ["system-status.json"],
    14: ["tax-classes.json"], 15: ["taxes.json"], 16: ["users-me.json"],
}


def trimmed(value):
    """Lists cut to two elements, so seeds stay small."""
    if isinstance(value, list):
        return [trimmed(v) for v in value[:2]]
    if isinstance(value, dict):
        return {k: trimmed(v) for k, v in value.items()}
    return value


for index, names in MAPPERS.items():
    for name in names:
        path = next((os.path.join(f, name) for f in FIXTURES if os.path.exists(os.path.join(f, name))), None)
        if path is None:
            sys.exit(f"missing fixture {name}")
        with open(path, "rb") as handle:
            body = json.dumps(trimmed(json.load(handle)), separators=(",", ":")).encode()
        write("FuzzMappers", f"{index:02d}-{name}", [index] + list(body[:12000]))

# --- Input ----------------------------------------------------------------------------------------------

INPUTS = [
    (0, 0x01, "12.50"), (0, 0x05, "1.234,5"), (0, 0x42, "0.125"), (0, 0x00, "-3"), (0, 0x03, " .5 "),
    (1, 0, "19.0000"), (1, 0, "10%"), (1, 0, "2.50"), (1, 0, "12.5%"), (1, 0, "0.0000001"),
    (2, 0, "zvt+tcp://192.0.2.10:20007"), (2, 0, "zvt+tcp://[::1]"), (2, 0, "zvt+serial:///dev/ttyACM0"),
    (2, 0, "concert+usb://0b00:0080"), (2, 0, "sim://"), (2, 0, "concert+serial:///dev/ttyUSB0"),
    (3, 0, "4006381333931:2"), (3, 0, "ESP"), (3, 0, "A:B"), (3, 0, "X::3"),
    (4, 0, "4006381333931"), (4, 0, "012345678905"), (4, 0, " ESP-1 \n"), (4, 0, "00000000012345"),
]
for number, (mode, options, text) in enumerate(INPUTS):
    write("FuzzInput", f"{mode}-{number:02d}", [mode, options] + list(text.encode()))

# --- Receipt --------------------------------------------------------------------------------------------
# HostileOrder reads: kind, flags, then pieces. A string is [pieces, (selector, times)…]; an amount 5 bytes + sign.

def text(*fragments):
    out = [len(fragments)]
    for selector, times in fragments:
        out += [selector, times]
    return out


def amount(value):
    return list(abs(value).to_bytes(5, "big")) + [1 if value < 0 else 0]


def order(kind, flags, lines):
    data = [kind, flags]
    data += text((0, 0)) + [1] + text((25, 0)) + text((38, 0)) + text((22, 0)) + text((27, 3))  # store, site, symbol, address
    data += text((0, 0)) + text((3, 2)) + text((4, 0)) + text((26, 1)) + text((1, 0))  # cashier, tax number, footer
    data += amount(1579) + amount(84) + amount(6) + amount(84) + amount(171) + amount(1750)
    data += text((23, 0)) + text((6, 0))  # note, remote number
    if flags & 0xF0 != 0xF0:
        data += [lines]
    for _ in range(1 if flags & 0xF0 == 0xF0 else lines):
        data += text((0, 1), (24, 2)) + text((30, 0)) + [10] + amount(210) * 5
    data += [1] + text((33, 0)) + amount(84)  # one fee
    data += [1] + text((1, 0)) + amount(84)  # one coupon
    data += [1] + text((36, 0)) + text((13, 0)) + amount(96)  # one tax
    data += text((28, 0)) if flags & 8 else amount(2000) + amount(250)  # card brand or tendered/change
    data += text((34, 0)) * 6 + [3] + text((2, 0)) * 3  # card result strings and slip lines
    return data


write("FuzzReceipt", "sale-cash", order(0, 0x04, 3))
# Slow receipts run once per scripts/fuzz.sh run (Fuzz/regress/), not in the fuzzing loop.
write("FuzzReceipt", "sale-long-names", order(0, 0x04, 1)[:2] + text((0, 0xFF), (24, 0xF8)) + order(0, 0x04, 1)[5:],
      folder="regress")
write("FuzzReceipt", "sale-card", order(0, 0x0C, 2))
write("FuzzReceipt", "refund", order(1, 0x08, 1) + amount(-500) + text((21, 0)))
write("FuzzReceipt", "reversal", order(2, 0x09, 1))
write("FuzzReceipt", "card-slip", order(3, 0x0A, 0) + text((5, 0)))
write("FuzzReceipt", "sale-10000-lines", order(0x80, 0xF4, 0), folder="regress")

# --- Targets of session 40: scale, pole display, labels, keys, layout, fiskaly, DSFinV-K ------------------------
# Their inputs are mostly decisions (FuzzInput bytes), so a seed is a short run of plausible decisions; the fuzzer
# finds the rest from coverage.

STX, CR = 0x02, 0x0D
SCALE_FRAMES = [b"\x0201.234\r", b"\x02 0.500N\r", b"\x02001.23\r", b"\x02?P\r", b"\x02?Q\r", b"\x02?R\r",
                b"\x02?T\r", b"\x0299.999\r", b"\x02000.000\r", b"noise\x02123456789012345\r"]
for number, frame in enumerate(SCALE_FRAMES):
    write("FuzzScale", f"parser-{number:02d}", [0, (number * 37 + 1) % 256] + list(frame) + list(SCALE_FRAMES[0]))
write("FuzzScale", "encoded", [1, 0, 0, 3, 1, 2, 3, 4, 1, 0, 1, 0x51, 0] + [0, 1, 0x50, 1])
write("FuzzScale", "machine-weight", [2, 2, 1, 4, 10] + list(b"\x02?Q\r") + [1, 4, 10] + list(b"\x0201.234\r"))
write("FuzzScale", "machine-timeouts", [2, 3, 2, 0, 0, 4, 3, 0x41, 0x42, 0x43, 0, 4, 5] + list(b"\x0201.2"))

for number in range(6):
    write("FuzzPole", f"state-{number}", [number & 1, number, 0, number % 3, number, 5, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
                                          0, 0, 0, 1, 0x86, 0xA0, 0, 0, 0, 0, 0x27, 0x10, 1])

LABEL_SETTINGS = ["28-29:IIIIIVVVVV:weight; 21:IIIIICVVVV:price; 23:IIIIIVVVVV:weight10g",
                  "20,23-24:IIIICVVVVV:price", "22:IIIIIIVVVV:weight5g\n25:IIIVVVVVVV:price", "27:IIIIIVVVVV:WEIGHT"]
for number, text in enumerate(LABEL_SETTINGS):
    write("FuzzLabel", f"settings-{number}", [0] + list(text.encode()))
write("FuzzLabel", "scanned", [1, 0, 8, 0, 4, 0, 1, 0] + list(b"2800123012349"))
for number in range(4):
    write("FuzzLabel", f"encoded-{number}", [2, number, 8, number, 4, number & 1, number] + list(range(number, number + 16)))

write("FuzzKeys", "raw-xterm", [0, 1, 3, 2, 0x5B, 0x5A, 0, 7] + list(b"\x1b[A\x1b[15~ab\xc3\xa4\x1bOP\x1b[1;5C\x03\r\x7f"))
write("FuzzKeys", "raw-console", [0, 0, 1] + list(b"\x1b[[A\x1b[[E\x1b[3~\x1b[200~paste\x1b[201~\x1b"))
write("FuzzKeys", "round-trip", [1] + [0, 5, 17, 40, 130, 131, 140, 245, 60, 250, 3, 90, 200, 241])

LAYOUT_MARKUP = """@center @bold @double Corner Shop
@rule
@row 2 x Espresso|5.00 \u20ac
@rule =
@bold @row Total|5.00 \u20ac
@qr https://shop.example/r/1042
@barcode ean13 4006381333931
@feed 2
@verbatim
  TERMINAL 12345678
@@end
@end
@drawer 2
@cut partial
"""
for width in range(3):
    write("FuzzLayout", f"markup-{width}", [1, width] + list(LAYOUT_MARKUP.encode()))
    write("FuzzLayout", f"escaped-{width}", [0, width] + [3, 4, 0, 5, 0, 12, 0, 2, 1, 22, 0, 3, 0, 2, 15, 1, 14, 4, 5, 7])

for call in range(4):
    write("FuzzFiskaly", f"call-{call}", [call, 0, 100] + [(20 + 7 * n) % 256 for n in range(60)])
write("FuzzFiskaly", "unauthorized-then-retry", [1, 0, 3, 2, 100, 100] + [30 + n for n in range(60)])

for number in range(4):
    write("FuzzDSFinVK", f"export-{number}", [(17 * n + number) % 256 for n in range(160 + 40 * number)])

# --- Mapper dictionary ----------------------------------------------------------------------------------
# JSON syntax, edge values and every key of the mapper seeds: libFuzzer splices them into bodies (-dict).

def keys_of(value, found):
    if isinstance(value, dict):
        for key, child in value.items():
            found.add(key)
            keys_of(child, found)
    elif isinstance(value, list):
        for child in value:
            keys_of(child, found)
    return found


SEED_KEYS = set()
for name in os.listdir(os.path.join(CORPUS, "FuzzMappers")):
    with open(os.path.join(CORPUS, "FuzzMappers", name), "rb") as handle:
        keys_of(json.loads(handle.read()[1:]), SEED_KEYS)
TOKENS = ["{", "}", "[", "]", ":", ",", '"', "null", "true", "false", "-0", "1e309", "-1e309", "9223372036854775808",
          "-9223372036854775809", "0.000000000000000001", '"\\u0000"', '"\\ud800"', '"1.5"', '""', '"12.50"', '"-3"',
          '"99999999999999999999"', '"2026-11-21T13:05:00"', '"2026-02-30T25:61:61"', '"0000-00-00T00:00:00"', '{"data":']
os.makedirs(os.path.join(ROOT, "Fuzz", "dict"), exist_ok=True)
def libfuzzer_token(text):
    """A dictionary entry: printable ASCII as it is, quotes and backslashes escaped, other bytes as \\xNN."""
    out = ""
    for byte in text.encode():
        if byte in (0x22, 0x5C):
            out += "\\" + chr(byte)
        elif 0x20 <= byte < 0x7F:
            out += chr(byte)
        else:
            out += "\\x%02X" % byte
    return '"' + out + '"'


LAYOUT_TOKENS = ["@", "@@", "@center", "@left", "@right", "@bold", "@double", "@tall", "@wide", "@row ", "|", "@rule",
                 "@rule =", "@feed", "@feed 255", "@qr ", "@barcode ean13 ", "@barcode code128 ", "@cut", "@cut partial",
                 "@drawer 5", "@verbatim", "@end", "@# ", "\r\n", "\n", "\t", "\u00ad", "\u0301", "\u202e", "\U0001F1E9",
                 "\u5496"]
with open(os.path.join(ROOT, "Fuzz", "dict", "FuzzLayout.dict"), "w") as handle:
    handle.write("# Receipt markup directives and awkward characters (written by Fuzz/tools/make-seeds.py)\n")
    handle.write("\n".join(libfuzzer_token(t) for t in LAYOUT_TOKENS) + "\n")
with open(os.path.join(ROOT, "Fuzz", "dict", "FuzzMappers.dict"), "w") as handle:
    handle.write("# JSON syntax, edge values and the keys of the WooCommerce seeds (written by Fuzz/tools/make-seeds.py)\n")
    handle.write("\n".join([json.dumps(t) for t in TOKENS] + [json.dumps('"' + k + '":') for k in sorted(SEED_KEYS)]) + "\n")

print("seeds written:", {t: len(os.listdir(os.path.join(CORPUS, t))) for t in sorted(os.listdir(CORPUS))})
