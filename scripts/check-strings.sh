#!/usr/bin/env bash
# The string catalog check: fails when
#   1. a key the code looks up (`tr("key"`, `plural("key"`, also either key of `tr(cond ? "a" : "b"`) lacks an English
#      or a German text (a plural key needs `key.one` and `key.other` in both);
#   2. the English and German tables differ in their keys, or a text's {placeholders} differ between them;
#   3. a localised file (LOCALISED below: every file under Sources but the catalog and the files listed in ENGLISH,
#      each with its reason) still hands a person a string literal of words: a heuristic over the lines
#      that draw or say something (canvas.put, KeyHint, status/message/detail/headline/title assignments, prompts; in
#      Sources/pos also Console.out/error, standard-error writes and `help:` literals), including the literals inside
#      a literal's `\(…)`.
# What it does not catch: keys built at run time (`"z.tender." + rawValue` — their known values are listed in
# DYNAMIC), a literal passed through a helper the heuristic does not know. `--report` prints how many word literals
# each file outside LOCALISED still has, without failing.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - "$@" <<'PY'
import re, sys, glob, os

def load(path):
    text = open(path, encoding='utf-8').read()
    text = re.sub(r'/\*.*?\*/', '', text, flags=re.S)
    table = {}
    for m in re.finditer(r'"((?:[^"\\]|\\.)*)"\s*=\s*"((?:[^"\\]|\\.)*)"\s*;', text):
        table[m.group(1)] = m.group(2)
    return table

en = load('Sources/Localization/Resources/en.lproj/Localizable.strings')
de = load('Sources/Localization/Resources/de.lproj/Localizable.strings')
problems = []

# Keys built at run time: the values the code can produce.
DYNAMIC = ['z.tender.cash', 'z.tender.card', 'z.tender.split', 'settings.value.language.en', 'settings.value.language.de',
           'error.checkout.state.open', 'error.checkout.state.parked', 'error.checkout.state.completed', 'error.checkout.state.voided',
           'gate.approval.refund', 'gate.approval.void', 'gate.approval.discount', 'gate.approval.noSale', 'gate.approval.cashiers', 'gate.approval.training',
           'cli.fiscal.out.refunds', 'cli.fiscal.out.cashMovements']

# The ZVT terminal's status prompts: its table holds their keys (`reader.zvt.<status byte>`).
DYNAMIC += re.findall(r'"(reader\.zvt\.[0-9A-F]{2})"', open('Sources/Hardware/Protocol/ZVT/ZVTIntermediateStatus.swift', encoding='utf-8').read())

# The files whose person-readable strings all come from the catalog: every Swift file under Sources,
# except the catalog itself and the files below, each with the reason it may hold words of its own.
ENGLISH = {
    # Simulators and test servers: they stand in for a terminal, a scale, a TSE, a WooCommerce site, which speak
    # English (or their own protocol); their ready lines are what tests and scripts wait for, like log lines.
    **{path: 'a simulator or test server' for path in glob.glob('Sources/TerminalSimulator/**/*.swift', recursive=True)
       + glob.glob('Sources/TSESimulator/**/*.swift', recursive=True)
       + glob.glob('Sources/FiskalyTestServer/**/*.swift', recursive=True)
       + glob.glob('Sources/WooTestServer/**/*.swift', recursive=True)
       + glob.glob('Sources/woo-test-server/**/*.swift', recursive=True)},
    **{path: 'test support, for the tests\' own messages' for path in glob.glob('Sources/*TestSupport/**/*.swift', recursive=True)},
    'Sources/pos/Commands/TerminalSimCommand.swift': 'the terminal simulator\'s ready lines, waited for by tests and scripts',
    'Sources/pos/Commands/ScaleSimCommand.swift': 'the scale simulator\'s ready lines, waited for by tests and scripts',
    # A developer's benchmark: its Markdown tables go into pull requests, not to a merchant.
    **{path: 'the developers\' benchmark tool' for path in glob.glob('Sources/pos-bench/**/*.swift', recursive=True)},
    # Texts for the log, a debugger or another program, never shown to a person at the till.
    'Sources/Hardware/Protocol/ZVT/ZVTProtocolError.swift': 'malformed ZVT bytes, for the log (the cashier reads CardReaderError)',
    'Sources/Hardware/Protocol/ZVT/ZVTIntermediateStatus.swift': 'a malformed status frame, for the log',
    'Sources/Hardware/Protocol/Toledo8217/Toledo8217WeighingStateMachine.swift': 'malformed scale frames, for the log',
    'Sources/Hardware/Protocol/Concert/ConcertAnswerStatus.swift': 'the answer status for the log and debug output',
    'Sources/Hardware/Protocol/Concert/ConcertSessionStateMachine+Action.swift': 'a debug description',
    'Sources/Hardware/Drivers/ZVT/ZVTCardReader+Driver.swift': 'settlement words for the log',
    'Sources/Hardware/CardReader/PaymentResult.swift': 'a debug description (no card data)',
    'Sources/Hardware/Printer/Printing/PrintJob.swift': 'a MIME type for CUPS',
    'Sources/Yosemite/Cashiers/PinHasher.swift': 'a dispatch queue label',
    'Sources/Storage/AppDatabase/AppDatabase+Integrity.swift': 'SQLite\'s own message, the fallback when SQLite gives none',
    # Records kept as written, in the store's records or sent to its server (not texts drawn on a screen).
    'Sources/Storage/Requests/OutboxRecord+Sync.swift': 'the outbox entry\'s stored note when an operator discards it',
    'Sources/Yosemite/CardPresent/CardPaymentCoordinator+Resolution.swift': 'a card refund\'s reason as sent to the store',
    'Sources/Yosemite/Checkout/CheckoutRunner+Refunds.swift': 'a card refund\'s reason as sent to the store',
    'Sources/Networking/Mapper/Mapper.swift': 'where a server\'s JSON did not decode, for the log and the bug report',
    'Sources/HardwareLinux/Udev/UdevRules.swift': 'the comment table of a udev rules file under /etc, read by administrators',
    'Sources/Yosemite/Checkout/CheckoutRunner.swift': 'an approval\'s stored reference code ("new sale"), rendered by Strings.approvalReference',
    # German by law whatever the screen says: the DSFinV-K's fixed texts (tax rate names, payment kinds, Bon texts).
    'Sources/Yosemite/Fiscal/DSFinVK/DSFinVKWriter.swift': 'the DSFinV-K\'s fixed German texts',
    'Sources/Yosemite/Fiscal/FiscalOrderMapping.swift': 'the DSFinV-K\'s fixed German payment kinds',
    'Sources/Yosemite/Fiscal/FiscalService.swift': 'a refund\'s DSFinV-K Bon text ("Erstattung zu Bon"); its errors come from the catalog',
    'Sources/Hardware/Printer/Encoding/PlainTextEncoder.swift': 'barcode symbologies\' names ("EAN-13", "Code 128"), the same in every language',
    'Sources/POSFoundation/Money/Money+Parsing.swift': 'a debug description; people read MoneyParseError.message(currency:separators:) from the catalog',
    'Sources/Yosemite/Receipts/ReceiptService+Printing.swift': 'the CUPS job title (lpstat), like a log line',
}
LOCALISED = sorted(set(glob.glob('Sources/**/*.swift', recursive=True))
                   - set(glob.glob('Sources/Localization/**/*.swift', recursive=True)) - set(ENGLISH))
for path in ENGLISH:
    if not os.path.exists(path):
        problems.append(f'{path} is listed as not localised but does not exist')

key_re = re.compile(r'^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$')
call_re = re.compile(r'\b(tr|plural)\(')
used = {}
for path in glob.glob('Sources/**/*.swift', recursive=True):
    if path.startswith('Sources/Localization/'):
        continue
    for number, line in enumerate(open(path, encoding='utf-8'), 1):
        code = line.split('//')[0] if '"' not in line.split('//')[0][-1:] else line
        if not call_re.search(code):
            continue
        for call in call_re.finditer(code):
            kind = call.group(1)
            # Every key-shaped literal up to the call's first argument end: `tr("a")`, `tr(c ? "a" : "b", …)`.
            rest = code[call.end():]
            depth, end = 0, len(rest)
            for i, ch in enumerate(rest):
                if ch in '([': depth += 1
                elif ch in ')]':
                    if depth == 0: end = i; break
                    depth -= 1
                elif ch == ',' and depth == 0: end = i; break
            for lit in re.findall(r'"([^"\\]*)"', rest[:end]):
                if key_re.match(lit):
                    used.setdefault((kind, lit), f'{path}:{number}')

for key in DYNAMIC:
    used.setdefault(('tr', key), 'DYNAMIC')

for (kind, key), where in sorted(used.items()):
    keys = [key + '.one', key + '.other'] if kind == 'plural' else [key]
    for k in keys:
        for name, table in (('English', en), ('German', de)):
            if k not in table:
                problems.append(f'{where}: "{k}" has no {name} text')

for k in sorted(set(en) - set(de)):
    problems.append(f'de.lproj: "{k}" has no German text')
for k in sorted(set(de) - set(en)):
    problems.append(f'en.lproj: "{k}" has no English text')
ph = re.compile(r'\{[a-zA-Z]+\}')
for k in sorted(set(en) & set(de)):
    if sorted(ph.findall(en[k])) != sorted(ph.findall(de[k])):
        problems.append(f'"{k}": placeholders differ: en {sorted(ph.findall(en[k]))}, de {sorted(ph.findall(de[k]))}')

# The keyboard's key names (the first argument of KeyHint), the same in every language.
KEY_NAMES = {'Enter', 'Esc', 'Esc/F10', 'Tab', 'Space', 'Del', 'Backspace'}
# A literal a person reads: two words, or one capitalised word of three letters or more.
words = re.compile(r'[A-Za-z]{2,}[ ,.:;!?…]+[A-Za-z]{2,}|^[A-Z][a-z]{2,}')
says = re.compile(r'var title: String \{|label: "|text: "|\.failure\("|error = "|listError = "|begin\("|lines = \[|canvas\.put\(|KeyHint\(|\b(status|message|detail|headline|title|prompt|text)\s*=|\breturn\s+"|^\s*case [^:]+:\s*"|\?\?\s*"')
# The command line (Sources/pos): also what it prints, its option help, and the words it builds its lines from.
says_cli = re.compile(says.pattern + r'|Console\.(out|error)\(|standardError\.write\(|help: "|ArgumentHelp\("|\b(what|state|reason|review|discount|cash|server|label|line)\s*=\s*"|^\s*\+ "')
def literals(line):
    # The string literals of a line, each `\(…)` inside one (with its own nested quotes) read as code of its own,
    # so "a \(x ? "b" : "c") d" yields "a \(_) d", "b" and "c".
    found, flat, i, in_string = [], [], 0, False
    while i < len(line):
        if in_string and line.startswith('\\(', i):
            depth, j = 1, i + 2
            while j < len(line) and depth:
                depth += {'(': 1, ')': -1}.get(line[j], 0)
                j += 1
            found += literals(line[i + 2:j - 1])
            flat.append('\\(_)'); i = j
            continue
        if line.startswith('\\', i) and in_string:
            flat.append(line[i:i + 2]); i += 2
            continue
        if line[i] == '"':
            in_string = not in_string
        flat.append(line[i]); i += 1
    return re.findall(r'"((?:[^"\\]|\\.)*)"', ''.join(flat)) + found

def word_literals(path):
    hits = []
    previous = ''
    for number, line in enumerate(open(path, encoding='utf-8'), 1):
        stripped = line.strip()
        # A log line (`logger.notice("…")`, its text on the next line too) is for the log, in English.
        log = re.search(r'\blogger\.\w+\(', line) or re.search(r'\blogger\.\w+\($', previous)
        previous = stripped
        if stripped.startswith('//') or 'frameSummary' in line or 'summary' in line.split('=')[0] or log:
            continue
        if not (says_cli if path.startswith('Sources/pos/') else says).search(line):
            continue
        for lit in literals(line):
            if key_re.match(lit) or lit in KEY_NAMES or re.search(r'[a-z]+=\\\(', lit):
                continue
            if words.search(re.sub(r'\\\(.*?\)', ' ', lit)):
                hits.append(f'{path}:{number}: "{lit}"')
    return hits

for path in LOCALISED:
    for hit in word_literals(path):
        problems.append(hit + ' bypasses the catalog')

if '--report' in sys.argv:
    for path in sorted(set(ENGLISH) | set(PENDING_ISSUE30)):
        n = len(word_literals(path))
        if n: print(f'check-strings: not yet localised: {path}: {n} literal(s)')

for p in problems:
    print('check-strings: ' + p)
if problems:
    sys.exit(1)
print(f'check-strings: the catalog holds ({len(en)} keys in English and German, {len(used)} keys used in code, '
      f'{len(LOCALISED)} localised files free of word literals)')
PY
