import Foundation
import Networking
import Testing

struct JSONValueTests {
    @Test func decode_mixedDocument_keepsEveryKind() throws {
        // Given
        let data = Data(#"{"a": null, "b": true, "c": 12.50, "d": "x", "e": [1, "2"], "f": {"g": false}}"#.utf8)

        // When
        let value = try JSONDecoder().decode(JSONValue.self, from: data)

        // Then
        #expect(value["a"] == .null)
        #expect(value["b"] == true)
        #expect(value["c"]?.stringValue == "12.5")
        #expect(value["d"] == "x")
        #expect(value["e"]?.arrayValue?.compactMap(\.int64Value) == [1, 2])
        #expect(value["f"]?["g"]?.boolValue == false)
    }

    @Test func encoded_object_isCompactWithSortedKeys() {
        // Given
        let value: JSONValue = ["b": 1, "a": ["x", nil, true]]

        // When
        let text = String(decoding: value.encoded(), as: UTF8.self)

        // Then
        #expect(text == #"{"a":["x",null,true],"b":1}"#)
    }
}
