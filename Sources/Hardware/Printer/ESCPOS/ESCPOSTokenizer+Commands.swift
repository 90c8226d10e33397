// MARK: - ESC and GS sequences

extension ESCPOSTokenizer {
    /// An `ESC` sequence at the read index and its length; `nil` if incomplete.
    func escapeSequence() -> (ESCPOSToken, Int)? {
        guard let name = byte(at: 1) else { return nil }
        if name == 0x40 { return (.command(.initialize), 2) }
        if name == 0x70 {
            guard let arguments = bytes(at: 2, count: 3) else { return nil }
            return (.command(.drawerKick(pin: arguments[0], onTime: arguments[1], offTime: arguments[2])), 5)
        }
        if name == 0x45 {
            guard let n = byte(at: 2) else { return nil }
            // Printers read only bit 0; other values are kept byte for byte rather than normalised.
            guard n <= 1 else { return (.unknown([ESCPOSCommand.esc, name, n]), 3) }
            return (.command(.emphasis(n == 1)), 3)
        }
        let oneArgument: ((UInt8) -> ESCPOSCommand)? =
            switch name {
            case 0x74: { .selectCodePage($0) }
            case 0x61: { .justification($0) }
            case 0x21: { .printMode($0) }
            case 0x2D: { .underline($0) }
            case 0x4D: { .font($0) }
            case 0x7B: { .upsideDown($0) }
            case 0x64: { .feedLines($0) }
            default: nil
            }
        guard let oneArgument else { return (.unknown([ESCPOSCommand.esc, name]), 2) }
        guard let n = byte(at: 2) else { return nil }
        return (.command(oneArgument(n)), 3)
    }

    /// A `GS` sequence at the read index and its length; `nil` if incomplete.
    func groupSequence() -> (ESCPOSToken, Int)? {
        guard let name = byte(at: 1) else { return nil }
        switch name {
        case 0x28:
            return lengthPrefixedFunction()
        case 0x56:
            guard let mode = byte(at: 2) else { return nil }
            switch mode {
            case 0x00, 0x30: return (.command(.cut(.full)), 3)
            case 0x01, 0x31: return (.command(.cut(.partial)), 3)
            case 0x41, 0x42:
                guard let n = byte(at: 3) else { return nil }
                return (.command(.cut(mode == 0x41 ? .feedAndFull(n) : .feedAndPartial(n))), 4)
            default:
                return (.unknown([ESCPOSCommand.gs, name, mode]), 3)
            }
        case 0x6B:
            return barcode()
        default:
            let oneArgument: ((UInt8) -> ESCPOSCommand)? =
                switch name {
                case 0x21: { .characterSize(width: ($0 >> 4) + 1, height: ($0 & 0x0F) + 1) }
                case 0x42: { .reverse($0) }
                case 0x62: { .smoothing($0) }
                case 0x68: { .barcodeHeight($0) }
                case 0x77: { .barcodeModuleWidth($0) }
                case 0x66: { .barcodeTextFont($0) }
                case 0x48: { .barcodeTextPosition($0) }
                default: nil
                }
            guard let oneArgument else { return (.unknown([ESCPOSCommand.gs, name]), 2) }
            guard let n = byte(at: 2) else { return nil }
            return (.command(oneArgument(n)), 3)
        }
    }

    /// `GS ( fn pL pH …`: a QR function when `fn` is `k` and `cn` is 49, otherwise an unknown block of known length.
    private func lengthPrefixedFunction() -> (ESCPOSToken, Int)? {
        guard let header = bytes(at: 2, count: 3) else { return nil }
        let length = Int(header[1]) | Int(header[2]) << 8
        guard let body = bytes(at: 5, count: length) else { return nil }
        let total = 5 + length
        let unknown = (ESCPOSToken.unknown([ESCPOSCommand.gs, 0x28] + header + body), total)
        guard header[0] == 0x6B, body.count >= 2, body[0] == 0x31 else { return unknown }
        let parameters = Array(body.dropFirst(2))
        switch (body[1], parameters.count) {
        case (0x41, 2): return (.command(.qrModel(parameters[0])), total)
        case (0x43, 1): return (.command(.qrModuleSize(parameters[0])), total)
        case (0x45, 1): return (.command(.qrErrorCorrection(parameters[0])), total)
        case (0x50, 1...) where parameters[0] == 0x30: return (.command(.qrStore(Array(parameters.dropFirst()))), total)
        case (0x51, 1) where parameters[0] == 0x30: return (.command(.qrPrint), total)
        default: return unknown
        }
    }

    /// `GS k m …`: NUL-terminated data below system 65, length-prefixed data from 65 on.
    private func barcode() -> (ESCPOSToken, Int)? {
        guard let system = byte(at: 2) else { return nil }
        if system < 65 {
            var length = 0
            while true {
                guard let next = byte(at: 3 + length) else { return nil }
                if next == 0 { break }
                length += 1
            }
            let data = bytes(at: 3, count: length) ?? []
            return (.command(.barcode(system: system, data: data)), 4 + length)
        }
        guard let count = byte(at: 3) else { return nil }
        guard let data = bytes(at: 4, count: Int(count)) else { return nil }
        return (.command(.barcode(system: system, data: data)), 4 + Int(count))
    }
}
