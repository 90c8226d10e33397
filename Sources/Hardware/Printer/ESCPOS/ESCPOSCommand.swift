/// One ESC/POS command, as the encoder writes it and the tokenizer reads it back.
///
/// Each case knows its bytes (``bytes``); ``ESCPOSTokenizer`` maps bytes back to the same cases, so a test can
/// compare the structure of a receipt instead of hex dumps.
///
/// Related spec: Epson ESC/POS Application Programming Guide (command reference: `ESC @`, `ESC t`, `ESC a`,
/// `ESC E`, `ESC d`, `ESC p`, `GS !`, `GS V`, `GS ( k` function 165–181, `GS h`, `GS w`, `GS f`, `GS H`, `GS k`,
/// `DLE EOT`); byte values as observed from python-escpos 3.1 (see reference/escpos-cups.md).
public enum ESCPOSCommand: Hashable, Sendable {
    /// `ESC @`: reset the printer to its power-on state (left, regular, normal size, default code page).
    case initialize
    /// `ESC t n`: select character code table `n` (vendor-specific numbering; see ``PrinterProfile``).
    case selectCodePage(UInt8)
    /// `ESC a n`: justification 0 left, 1 center, 2 right.
    case justification(UInt8)
    /// `ESC E n`: emphasis (bold) on or off.
    case emphasis(Bool)
    /// `ESC ! n`: print mode bits (font B 0x01, bold 0x08, double height 0x10, double width 0x20, underline 0x80).
    case printMode(UInt8)
    /// `ESC - n`: underline 0 off, 1 thin, 2 thick.
    case underline(UInt8)
    /// `ESC M n`: font 0 (A) or 1 (B).
    case font(UInt8)
    /// `ESC { n`: upside-down printing on (1) or off (0).
    case upsideDown(UInt8)
    /// `GS ! n`: character size, width and height factors 1–8.
    case characterSize(width: UInt8, height: UInt8)
    /// `GS B n`: white-on-black printing on (1) or off (0).
    case reverse(UInt8)
    /// `GS b n`: smoothing on (1) or off (0).
    case smoothing(UInt8)
    /// `ESC d n`: print the buffer and feed `n` lines.
    case feedLines(UInt8)
    /// `GS V m` / `GS V m n`: cut the paper.
    case cut(Cut)
    /// `ESC p m t1 t2`: pulse drawer pin `m` (0 = pin 2, 1 = pin 5) on for `t1` × 2 ms, off for `t2` × 2 ms.
    case drawerKick(pin: UInt8, onTime: UInt8, offTime: UInt8)
    /// `GS ( k … 31 41 n1 n2`: select the QR model (`n1` 49 model 1, 50 model 2, 51 micro).
    case qrModel(UInt8)
    /// `GS ( k … 31 43 n`: QR module size in dots (1–16).
    case qrModuleSize(UInt8)
    /// `GS ( k … 31 45 n`: QR error correction, 48 (L) to 51 (H).
    case qrErrorCorrection(UInt8)
    /// `GS ( k pL pH 31 50 30 d…`: store QR data in the symbol buffer.
    case qrStore([UInt8])
    /// `GS ( k … 31 51 30`: print the stored QR symbol.
    case qrPrint
    /// `GS h n`: barcode height in dots.
    case barcodeHeight(UInt8)
    /// `GS w n`: barcode module width in dots (2–6 on most printers).
    case barcodeModuleWidth(UInt8)
    /// `GS f n`: font of the human-readable barcode text.
    case barcodeTextFont(UInt8)
    /// `GS H n`: human-readable barcode text 0 none, 1 above, 2 below, 3 both.
    case barcodeTextPosition(UInt8)
    /// `GS k m …`: print a barcode of system `m`. Below 65 the data ends with NUL (function A); from 65 on it is
    /// length-prefixed (function B: 67 EAN-13, 73 Code 128).
    case barcode(system: UInt8, data: [UInt8])
    /// `DLE EOT n`: ask for real-time status `n` (1 printer, 2 offline, 3 error, 4 paper sensor).
    case statusRequest(UInt8)

    /// How `GS V` cuts.
    public enum Cut: Hashable, Sendable {
        /// `GS V 0` (or 48): full cut at the current position.
        case full
        /// `GS V 1` (or 49): partial cut at the current position.
        case partial
        /// `GS V 65 n`: feed to the cutting position plus `n` units, then cut fully.
        case feedAndFull(UInt8)
        /// `GS V 66 n`: feed to the cutting position plus `n` units, then cut partially.
        case feedAndPartial(UInt8)
    }

    // MARK: - Bytes

    static let esc: UInt8 = 0x1B
    static let gs: UInt8 = 0x1D
    static let dle: UInt8 = 0x10
    static let lineFeed: UInt8 = 0x0A

    /// The bytes of the command.
    public var bytes: [UInt8] {
        let esc = Self.esc
        let gs = Self.gs
        switch self {
        case .initialize: return [esc, 0x40]
        case .selectCodePage(let n): return [esc, 0x74, n]
        case .justification(let n): return [esc, 0x61, n]
        case .emphasis(let on): return [esc, 0x45, on ? 1 : 0]
        case .printMode(let n): return [esc, 0x21, n]
        case .underline(let n): return [esc, 0x2D, n]
        case .font(let n): return [esc, 0x4D, n]
        case .upsideDown(let n): return [esc, 0x7B, n]
        case .characterSize(let width, let height):
            return [gs, 0x21, (width &- 1) << 4 | (height &- 1) & 0x0F]
        case .reverse(let n): return [gs, 0x42, n]
        case .smoothing(let n): return [gs, 0x62, n]
        case .feedLines(let n): return [esc, 0x64, n]
        case .cut(.full): return [gs, 0x56, 0x00]
        case .cut(.partial): return [gs, 0x56, 0x01]
        case .cut(.feedAndFull(let n)): return [gs, 0x56, 0x41, n]
        case .cut(.feedAndPartial(let n)): return [gs, 0x56, 0x42, n]
        case .drawerKick(let pin, let on, let off): return [esc, 0x70, pin, on, off]
        case .qrModel(let model): return Self.qrFunction(0x41, [model, 0x00])
        case .qrModuleSize(let size): return Self.qrFunction(0x43, [size])
        case .qrErrorCorrection(let level): return Self.qrFunction(0x45, [level])
        case .qrStore(let data): return Self.qrFunction(0x50, [0x30] + data)
        case .qrPrint: return Self.qrFunction(0x51, [0x30])
        case .barcodeHeight(let n): return [gs, 0x68, n]
        case .barcodeModuleWidth(let n): return [gs, 0x77, n]
        case .barcodeTextFont(let n): return [gs, 0x66, n]
        case .barcodeTextPosition(let n): return [gs, 0x48, n]
        case .barcode(let system, let data):
            if system < 65 { return [gs, 0x6B, system] + data + [0x00] }
            return [gs, 0x6B, system, UInt8(truncatingIfNeeded: data.count)] + data
        case .statusRequest(let n): return [Self.dle, 0x04, n]
        }
    }

    /// `GS ( k pL pH cn fn parameters` for the QR code (cn = 49).
    private static func qrFunction(_ function: UInt8, _ parameters: [UInt8]) -> [UInt8] {
        let length = parameters.count + 2
        return [gs, 0x28, 0x6B, UInt8(length & 0xFF), UInt8(length >> 8 & 0xFF), 0x31, function] + parameters
    }
}
