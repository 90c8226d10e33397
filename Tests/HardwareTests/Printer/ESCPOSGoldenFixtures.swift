/// Reference bytes produced once with python-escpos 3.1's `Dummy` printer (the independent encoder oracle of
/// reference/escpos-cups.md) and committed as hex, so the tests need no Python. The call that produced each one
/// is on its line.
enum ESCPOSGoldenFixtures {
    static let initialize = "1b 40"                                  // p.hw("INIT")
    static let alignLeft = "1b 61 00"                                // p.set(align="left")
    static let alignCenter = "1b 61 01"                              // p.set(align="center")
    static let alignRight = "1b 61 02"                               // p.set(align="right")
    static let boldOn = "1b 45 01"                                   // p.set(bold=True)
    static let size2x2 = "1d 21 11"                                  // p.set(custom_size=True, width=2, height=2)
    static let size1x2 = "1d 21 01"                                  // p.set(custom_size=True, width=1, height=2)
    static let size2x1 = "1d 21 10"                                  // p.set(custom_size=True, width=2, height=1)
    static let feed3 = "1b 64 03"                                    // p.print_and_feed(3)
    static let cutFull = "1b 64 06 1d 56 00"                         // p.cut()
    static let cutPartial = "1b 64 06 1d 56 01"                      // p.cut(mode="PART")
    static let drawerPin2 = "1b 70 00 32 32"                         // p.cashdraw(2)
    static let drawerPin5 = "1b 70 01 32 32"                         // p.cashdraw(5)
    /// p.charcode("CP858"); p.text("€ Grüße\n")
    static let euroInPC858 = "1b 74 13 d5 20 47 72 81 e1 65 0a"
    /// p.qr("https://example.com/r/1", native=True, size=6, ec=1)  (ec 1 = M)
    static let qrURLSize6M = """
        1d 28 6b 04 00 31 41 32 00 1d 28 6b 03 00 31 43 06 1d 28 6b 03 00 31 45 31 \
        1d 28 6b 1a 00 31 50 30 68 74 74 70 73 3a 2f 2f 65 78 61 6d 70 6c 65 2e 63 6f 6d 2f 72 2f 31 \
        1d 28 6b 03 00 31 51 30
        """
    /// p.qr("HELLO", native=True, size=3, ec=0)  (ec 0 = L)
    static let qrHelloSize3L = """
        1d 28 6b 04 00 31 41 32 00 1d 28 6b 03 00 31 43 03 1d 28 6b 03 00 31 45 30 \
        1d 28 6b 08 00 31 50 30 48 45 4c 4c 4f 1d 28 6b 03 00 31 51 30
        """
    /// p.barcode("4006381333931", "EAN13", height=64, width=3, pos="BELOW", font="A", function_type="B")
    static let ean13 = "1d 68 40 1d 77 03 1d 66 00 1d 48 02 1d 6b 43 0d 34 30 30 36 33 38 31 33 33 33 39 33 31"
    /// p.barcode("{BABC-123", "CODE128", height=64, width=3, pos="BELOW", font="A", function_type="B")
    static let code128 = "1d 68 40 1d 77 03 1d 66 00 1d 48 02 1d 6b 49 09 7b 42 41 42 43 2d 31 32 33"
    /// p.set_with_default(): a burst of mode resets, several of which this encoder never writes.
    static let setWithDefault = """
        1b 21 00 1b 21 00 1b 21 00 1b 7b 00 1d 62 00 1b 45 00 1b 2d 00 1b 4d 00 1b 61 00 1d 42 00
        """
}
