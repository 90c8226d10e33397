// MARK: - Writing tokens with minimal mode changes

extension ESCPOSEncoder {
    /// Collects tokens and remembers the printer's modes so each is set only when it changes.
    struct Writer {
        let codePage: CodePage
        var tokens: [ESCPOSToken] = []
        // The modes after `ESC @`.
        private var justification: UInt8 = 0
        private var isBold = false
        private var size: (width: UInt8, height: UInt8) = (1, 1)

        init(codePage: CodePage) {
            self.codePage = codePage
        }

        mutating func emit(_ command: ESCPOSCommand) {
            tokens.append(.command(command))
        }

        mutating func print(_ line: ReceiptLayout.Line) {
            setJustification(line.style.alignment)
            if line.style.isBold != isBold {
                isBold = line.style.isBold
                emit(.emphasis(isBold))
            }
            let width = UInt8(line.style.size.widthFactor)
            let height = UInt8(line.style.size.heightFactor)
            if (width, height) != size {
                size = (width, height)
                emit(.characterSize(width: width, height: height))
            }
            let bytes = codePage.encode(line.text)
            if !bytes.isEmpty { tokens.append(.text(bytes)) }
            tokens.append(.lineFeed)
        }

        mutating func feed(_ lines: Int) {
            var remaining = lines
            while remaining > 0 {
                let count = min(remaining, 255)
                emit(.feedLines(UInt8(count)))
                remaining -= count
            }
        }

        mutating func qrCode(_ code: ReceiptQRCode) {
            setJustification(code.alignment)
            emit(.qrModel(50))
            emit(.qrModuleSize(UInt8(code.moduleSize)))
            emit(.qrErrorCorrection(code.errorCorrection.escposLevel))
            emit(.qrStore(Array(code.payload.utf8)))
            emit(.qrPrint)
        }

        mutating func barcode(_ barcode: ReceiptBarcode, moduleWidth: UInt8) {
            setJustification(barcode.alignment)
            emit(.barcodeHeight(ESCPOSEncoder.barcodeHeightDots))
            emit(.barcodeModuleWidth(moduleWidth))
            emit(.barcodeTextFont(0))
            emit(.barcodeTextPosition(2))
            switch barcode.symbology {
            case .ean13:
                emit(.barcode(system: 67, data: Array(barcode.data.utf8)))
            case .code128:
                // Code set B; a literal "{" is written "{{".
                var data: [UInt8] = [0x7B, 0x42]
                for byte in barcode.data.utf8 {
                    data.append(byte)
                    if byte == 0x7B { data.append(0x7B) }
                }
                emit(.barcode(system: 73, data: data))
            }
        }

        private mutating func setJustification(_ alignment: ReceiptTextAlignment) {
            let value: UInt8 =
                switch alignment {
                case .left: 0
                case .center: 1
                case .right: 2
                }
            if value != justification {
                justification = value
                emit(.justification(value))
            }
        }
    }
}

extension ReceiptQRCode.ErrorCorrection {
    /// The `GS ( k` function 169 level: 48 (L) to 51 (H).
    var escposLevel: UInt8 {
        switch self {
        case .low: 48
        case .medium: 49
        case .quartile: 50
        case .high: 51
        }
    }
}
