import Hardware
import Testing

struct ByteReaderTests {
    @Test func readBytes_whenShort_returnsNilAndConsumesNothing() {
        // Given
        var reader = ByteReader([1, 2, 3])
        // When
        let bytes = reader.readBytes(4)
        // Then
        #expect(bytes == nil)
        #expect(reader.readableBytes == 3)
    }

    @Test func peekByte_doesNotConsume_readByteDoes() {
        // Given
        var reader = ByteReader([0xAA, 0xBB])
        // When
        let peeked = reader.peekByte()
        let read = reader.readByte()
        // Then
        #expect(peeked == 0xAA)
        #expect(read == 0xAA)
        #expect(reader.peekByte() == 0xBB)
    }

    @Test func discardReadBytes_keepsUnreadBytes() {
        // Given
        var reader = ByteReader([1, 2, 3])
        _ = reader.readByte()
        // When
        reader.discardReadBytes()
        reader.append(contentsOf: [4])
        // Then
        #expect(reader.readerIndex == 0)
        #expect(reader.readRemainingBytes() == [2, 3, 4])
    }
}
