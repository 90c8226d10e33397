#!/usr/bin/env python3
"""pyteliummanager as the terminal: serves one Concert E+ transaction on a pty linked at LINK.

pyteliummanager is a register library, so the terminal side is this loop around its own message classes:
`TeliumAsk.decode` reads the register's request (checking its LRC), `TeliumResponse(...).encode()` frames the
answer, and the link handshake (ENQ/ACK, STX..ETX LRC, ACK/NAK, EOT) follows its `Telium.ask`/`verify` mirrored.

Usage: telium_terminal.py LINK [RESULT]
RESULT is the answer's result digit (0 approved, 7 rejected, 9 not done; default 0). Prints `ready LINK` once the
pty is linked, then one JSON line with the request as decoded, and exits.
"""
import json
import os
import select
import sys
import tty

from telium import TeliumAsk, TeliumResponse
from telium.constant import CONTROL_NAMES

STX, ETX, EOT, ENQ, ACK, NAK = (bytes([CONTROL_NAMES.index(name)]) for name in ('STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'NAK'))
# A real terminal sends the card number (and more) in the report; the register must keep only the last 4 digits.
REPORT = '5413330089010434=2512101'


class Line:
    def __init__(self, fd):
        self.fd = fd

    def read(self, timeout=10.0):
        """One byte; `timeout` None waits as long as it takes."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            raise TimeoutError('the register went quiet')
        return os.read(self.fd, 1)

    def expect(self, byte, timeout=10.0):
        got = self.read(timeout)
        if got != byte:
            raise IOError('expected %r, got %r' % (byte, got))

    def write(self, data):
        os.write(self.fd, data)

    def frame(self):
        """Reads STX .. ETX LRC; returns the whole frame."""
        while self.read() != STX:
            pass
        data = STX
        while not data.endswith(ETX):
            data += self.read()
        return data + self.read()


def main():
    link = sys.argv[1]
    result = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    master, slave = os.openpty()
    tty.setraw(slave)
    if os.path.lexists(link):
        os.unlink(link)
    os.symlink(os.ttyname(slave), link)
    print('ready', link, flush=True)
    line = Line(master)
    try:
        # A terminal idles until the register calls: the register is a process still starting (a debug build on
        # a loaded machine can take longer than 10 s), so no clock runs before its first byte. The test stops this
        # peer when the register exits without calling.
        line.expect(ENQ, timeout=None)
        line.write(ACK)
        while True:
            raw = line.frame()
            try:
                ask = TeliumAsk.decode(raw)
                break
            except Exception:
                line.write(NAK)
        line.write(ACK)
        line.expect(EOT)
        private = raw[17:27].decode('ascii')
        report = REPORT.ljust(55)
        answer = TeliumResponse(ask.pos_number, result, ask.amount, ask.payment_mode, report,
                                ask.currency_numeric, '0000004242')
        line.write(ENQ)
        line.expect(ACK)
        line.write(answer.encode().encode('ascii'))
        line.expect(ACK)
        line.write(EOT)
        print(json.dumps({
            'posNumber': ask.pos_number, 'amount': '%.2f' % ask.amount, 'currency': ask.currency_numeric,
            'answerFlag': ask.answer_flag, 'paymentMode': ask.payment_mode,
            'transactionType': ask.transaction_type, 'delay': ask.delay, 'authorization': ask.authorization,
            'private': private,
        }, sort_keys=True), flush=True)
    finally:
        os.unlink(link)
        os.close(master)
        os.close(slave)


if __name__ == '__main__':
    main()
