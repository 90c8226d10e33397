import Mustache

// Mustache finds a name in an object through `MustacheParent` when the object has it, and through a `Mirror`
// otherwise: a mirror per lookup, and a lookup per name per context on the stack, was a third of a receipt's
// rendering time (demangling field types for every Mirror). Each view-model type answers its stored properties
// by name instead, an optional unwrapped to `nil` as the mirror lookup does (so the name is then looked up in
// the enclosing context, as before). ReceiptViewModelMustacheTests holds every stored property to an answer
// equal to the mirror's.

extension ReceiptViewModel: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "store": store
        case "title": title
        case "copyMark": copyMark
        case "order": order
        case "lines": lines
        case "totals": totals
        case "payments": payments
        case "cards": cards
        case "refund": refund
        case "endOfDay": endOfDay
        case "qrPayload": qrPayload
        case "footer": footer
        case "openDrawer": openDrawer
        case "fiscal": fiscal
        case "language": language
        case "trainingMark": trainingMark
        case "trainingNote": trainingNote
        default: nil
        }
    }
}

extension ReceiptViewModel.Fiscal: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "failed": failed
        case "pending": pending
        case "signed": signed
        default: nil
        }
    }
}

extension ReceiptViewModel.Signed: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "registerSerial": registerSerial
        case "tseSerial": tseSerial
        case "transactionNumber": transactionNumber
        case "signatureCounter": signatureCounter
        case "start": start
        case "end": end
        case "algorithm": algorithm
        case "timeFormat": timeFormat
        case "signature": signature
        case "qrCode": qrCode
        case "simulatedNote": simulatedNote
        default: nil
        }
    }
}

extension ReceiptViewModel.Header: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "name": name
        case "addressLines": addressLines
        case "taxNumber": taxNumber
        case "website": website
        default: nil
        }
    }
}

extension ReceiptViewModel.OrderInfo: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "localNumber": localNumber
        case "remoteNumber": remoteNumber
        case "register": register
        case "receiptNumber": receiptNumber
        case "reference": reference
        case "date": date
        case "time": time
        case "cashier": cashier
        case "customerNote": customerNote
        default: nil
        }
    }
}

extension ReceiptViewModel.Line: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "name": name
        case "sku": sku
        case "quantity": quantity
        case "unitPrice": unitPrice
        case "subtotal": subtotal
        case "total": total
        case "discount": discount
        case "isMultiple": isMultiple
        case "weighed": weighed
        default: nil
        }
    }
}

extension ReceiptViewModel.Totals: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "subtotal": subtotal
        case "coupons": coupons
        case "discountTotal": discountTotal
        case "fees": fees
        case "taxes": taxes
        case "totalTax": totalTax
        case "total": total
        case "currency": currency
        case "pricesIncludeTax": pricesIncludeTax
        default: nil
        }
    }
}

extension ReceiptViewModel.Amount: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "label": label
        case "amount": amount
        default: nil
        }
    }
}

extension ReceiptViewModel.Tax: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "label": label
        case "rate": rate
        case "amount": amount
        default: nil
        }
    }
}

extension ReceiptViewModel.Payment: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "method": method
        case "amount": amount
        case "tendered": tendered
        case "change": change
        case "isCash": isCash
        case "isCard": isCard
        default: nil
        }
    }
}

extension ReceiptViewModel.Card: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "transactionType": transactionType
        case "amount": amount
        case "cardName": cardName
        case "maskedPAN": maskedPAN
        case "applicationID": applicationID
        case "applicationLabel": applicationLabel
        case "entryMode": entryMode
        case "verification": verification
        case "needsSignature": needsSignature
        case "approvalCode": approvalCode
        case "result": result
        case "merchantID": merchantID
        case "terminalID": terminalID
        case "traceNumber": traceNumber
        case "receiptNumber": receiptNumber
        case "terminalTime": terminalTime
        case "slipLines": slipLines
        case "hasSlip": hasSlip
        default: nil
        }
    }
}

extension ReceiptViewModel.Refund: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "amount": amount
        case "reason": reason
        default: nil
        }
    }
}

extension ReceiptViewModel.EndOfDay: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "day": day
        case "printedAt": printedAt
        case "orderCount": orderCount
        case "grossSales": grossSales
        case "taxes": taxes
        case "paymentMethods": paymentMethods
        case "cashTendered": cashTendered
        case "cashChange": cashChange
        case "cashInDrawer": cashInDrawer
        case "refundCount": refundCount
        case "firstOrder": firstOrder
        case "lastOrder": lastOrder
        default: nil
        }
    }
}
