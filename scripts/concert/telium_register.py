#!/usr/bin/env python3
"""pyteliummanager as the register (ECR): asks the Concert terminal on LINK for one payment and prints its answer.

Usage: telium_register.py LINK AMOUNT CURRENCY
Prints one JSON object: whether the terminal took the request, and the decoded answer. The card fields are the
report's first word as pyteliummanager reads it (`card_id`), so a test can check that no more than 4 digits show.
"""
import json
import sys

from telium import Telium, TeliumAsk


def main():
    link, amount, currency = sys.argv[1], float(sys.argv[2]), sys.argv[3]
    device = Telium(link, baudrate=9600, timeout=3)
    ask = TeliumAsk.new_payment(amount, payment_mode='debit', target_currency=currency,
                                wait_for_transaction_to_end=True, collect_payment_source_info=True)
    accepted = device.ask(ask)
    answer = device.verify(ask, waiting_timeout=30) if accepted else None
    device.close()
    result = {'accepted': accepted}
    if answer is not None:
        result.update({
            'approved': answer.has_succeeded,
            'result': answer.transaction_result,
            'amount': '%.2f' % answer.amount,
            'currency': answer.currency_numeric,
            'posNumber': answer.pos_number,
            'transactionID': answer.transaction_id.strip(),
            'report': answer.repport.strip(),
            'cardID': answer.card_id.strip(),
        })
    print(json.dumps(result, sort_keys=True), flush=True)


if __name__ == '__main__':
    main()
