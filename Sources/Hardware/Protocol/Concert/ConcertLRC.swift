/// The longitudinal redundancy check that ends every Concert frame.
///
/// The LRC is the XOR of every byte after `STX`, up to and including `ETX`. The 12.50 EUR request of
/// the reference (`02 "01" "00001250" … "B010" 03`) has the LRC `0x01`.
///
/// Related spec: reference/concert.md, "LRC is the XOR of every byte after STX up to and including ETX".
public enum ConcertLRC {
    /// The LRC of a frame's payload: XOR of the payload bytes and of the closing `ETX`.
    ///
    /// - Parameter payload: The bytes between `STX` and `ETX`, both excluded.
    /// - Returns: The check byte that follows `ETX` on the wire.
    public static func checksum(ofPayload payload: some Sequence<UInt8>) -> UInt8 {
        payload.reduce(ConcertControlByte.endOfText.rawValue, ^)
    }
}
