import Foundation
import POSFoundation

// MARK: - Tolerant reads from a tape
//
// The same tolerance as `KeyedDecodingContainer+Lenient.swift` (WooCommerce and its plugins send numbers as strings,
// ids as strings, `false` or `""` for "nothing", PHP objects with numeric keys for lists), read from a ``JSONTape``
// in one pass per object instead of through `JSONDecoder`'s keyed containers.

/// One member of an object on a ``JSONTape``, or a missing one, read tolerantly.
struct JSONField {
    let tape: JSONTape
    /// The value's index on the tape; nil when the member is missing.
    let index: Int?
    /// The member's key, for errors.
    let key: StaticString?

    /// A member of an object; `key` names it in errors (whose coding path the enclosing lists and objects prefix
    /// on the way out, so that reading builds no paths).
    init(tape: JSONTape, index: Int?, key: StaticString? = nil) {
        self.tape = tape
        self.index = index
        self.key = key
    }

    /// The member's key as a coding path, for an error.
    private var path: [any CodingKey] { key.map { [AnyCodingKey($0.description)] } ?? [] }

    private var kind: JSONTape.Kind? { index.map { tape[$0].kind } }

    /// Whether the member is missing or null.
    var isMissingOrNull: Bool { kind == nil || kind == .null }

    /// Whether the member is missing, null, `false` or `""`: WooCommerce's ways of saying "nothing".
    var isEmptyMarker: Bool {
        switch kind {
        case nil, .null?, .false?: true
        case .string?: index.map { tape[$0].start == tape[$0].end } ?? false
        default: false
        }
    }

    /// A string; numbers are turned into their decimal text; `null`/`false`/missing give nil.
    func lenientString() -> String? {
        guard let index else { return nil }
        switch tape[index].kind {
        case .string: return tape.string(at: index)
        case .number: return tape.decimal(at: index)?.description
        case .true: return "true"
        default: return nil
        }
    }

    /// A string, or "" when it is missing or empty.
    func string() -> String { lenientString() ?? "" }

    /// A 64-bit integer from a number or a numeric string; nil for missing, null, `false`, `""` or garbage.
    func lenientInt64() -> Int64? {
        guard let index else { return nil }
        switch tape[index].kind {
        case .number: return tape.plainInt64(at: index) ?? tape.decimal(at: index).flatMap(Lenient.int64(from:))
        case .string: return tape.string(at: index).flatMap(Lenient.int64(from:))
        default: return nil
        }
    }

    /// A required id: present and numeric, or a decoding error naming the key.
    func requiredID() throws -> Int64 {
        guard let value = lenientInt64() else {
            let name = key?.description ?? "id"
            throw DecodingError.keyNotFound(AnyCodingKey(name), .init(codingPath: [],
                                                                     debugDescription: "a numeric \"\(name)\" is required"))
        }
        return value
    }

    /// A bool from `true`/`false`, 0/1 or "yes"/"no"; nil when missing or unreadable.
    func lenientBool() -> Bool? {
        guard let index else { return nil }
        switch tape[index].kind {
        case .true: return true
        case .false: return false
        case .string: return tape.string(at: index).flatMap(Lenient.bool(from:))
        case .number: return tape.plainInt64(at: index).map { $0 != 0 }
        default: return nil
        }
    }

    /// A bool, false when missing.
    func bool() -> Bool { lenientBool() ?? false }

    /// An exact decimal from "12.50" or 12.5; nil for missing, null, `false` or `""`.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when a value is present but is not a number.
    func lenientDecimal() throws -> ExactDecimal? {
        guard let index else { return nil }
        switch tape[index].kind {
        case .null, .false:
            return nil
        case .string:
            guard let text = tape.string(at: index) else { break }
            guard !text.isEmpty else { return nil }
            guard let value = Lenient.decimal(from: text) else { throw corrupted("\"\(text)\" is not a decimal number") }
            return value
        case .number:
            if let number = tape.decimal(at: index), let exact = Lenient.exactDecimal(from: number) { return exact }
        default:
            break
        }
        throw corrupted("expected a decimal number")
    }

    /// A stock quantity: the whole number the REST API sends (or null), else as ``lenientDecimal()`` reads it.
    func lenientQuantity() throws -> ExactDecimal? {
        if let index, let whole = tape.plainInt64(at: index) { return ExactDecimal(significand: whole, scale: 0) }
        return try lenientDecimal()
    }

    /// A date: this member when it is a date (the `_gmt` one), else `local` read as UTC.
    func lenientDate(orLocal local: JSONField? = nil) -> Date? {
        if let text = lenientString(), let date = WooDate.parse(text) { return date }
        if let text = local?.lenientString(), let date = WooDate.parse(text) { return date }
        return nil
    }

    /// An array, each element read by `element`; `false`, `null`, `""` or missing give `[]`, and a PHP object with
    /// numeric keys gives its values in key order.
    ///
    /// - Throws: When an element cannot be read, or the value is no list at all.
    func lenientArray<T>(_ element: (JSONTape, Int) throws -> T) throws -> [T] {
        guard let index else { return [] }
        switch tape[index].kind {
        case .array:
            var values: [T] = []
            var offset = 0
            for child in tape.elements(ofArray: index) {
                do {
                    values.append(try element(tape, child))
                } catch let error as DecodingError {
                    throw error.prefixed(by: path + [AnyCodingKey(index: offset)])
                }
                offset += 1
            }
            return values
        case .object:
            var members: [(key: String, value: T)] = []
            for (key, value) in tape.members(ofObject: index) {
                let name = tape.string(at: key) ?? ""
                do {
                    members.append((name, try element(tape, value)))
                } catch let error as DecodingError {
                    throw error.prefixed(by: path + [AnyCodingKey(name)])
                }
            }
            return members.sorted { (Int($0.key) ?? .max, $0.key) < (Int($1.key) ?? .max, $1.key) }.map(\.value)
        default:
            guard isEmptyMarker else { throw DecodingError.typeMismatch([T].self, .init(codingPath: path, debugDescription: "expected a list")) }
            return []
        }
    }

    /// A list of ids from `[1, "2"]` style arrays; unreadable entries are skipped.
    func idList() -> [RemoteID] {
        ((try? lenientArray { tape, child in tape.jsonValue(at: child) }) ?? []).compactMap { $0?.int64Value }
    }

    /// A list of strings; numbers become their text, other entries are skipped.
    func stringList() -> [String] {
        ((try? lenientArray { tape, child in tape.jsonValue(at: child) }) ?? []).compactMap { $0?.stringValue }
    }

    /// A nested object read by `read`, nil when it is missing, null, `false`, `""` or an empty array (PHP's empty
    /// object).
    func lenientObject<T>(_ read: (JSONTape, Int) throws -> T) throws -> T? {
        guard let index, !isEmptyMarker else { return nil }
        if tape[index].kind == .array, tape.count(of: index) == 0 { return nil }
        do {
            return try read(tape, index)
        } catch let error as DecodingError {
            throw error.prefixed(by: path)
        }
    }

    /// `meta_data` entries, tolerating odd shapes.
    func metaData() -> [MetaData] {
        (try? lenientArray(MetaData.init(reading:at:))) ?? []
    }

    /// The value as a ``JSONValue``; nil when it is missing or holds a string that is not valid UTF-8.
    func jsonValue() -> JSONValue? {
        index.flatMap { tape.jsonValue(at: $0) }
    }

    private func corrupted(_ description: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: path, debugDescription: description))
    }
}

extension JSONTape {
    /// The value at `index` as a ``JSONValue`` (numbers as `Decimal`, as `JSONDecoder` reads them); nil when a
    /// string in it is not valid UTF-8 or a number cannot be read.
    func jsonValue(at index: Int) -> JSONValue? {
        switch self[index].kind {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .string: return string(at: index).map(JSONValue.string)
        case .number: return decimal(at: index).map(JSONValue.number)
        case .array:
            var values: [JSONValue] = []
            for child in elements(ofArray: index) {
                guard let value = jsonValue(at: child) else { return nil }
                values.append(value)
            }
            return .array(values)
        case .object:
            var object: [String: JSONValue] = [:]
            for (key, value) in members(ofObject: index) {
                guard let name = string(at: key), let member = jsonValue(at: value) else { return nil }
                object[name] = member
            }
            return .object(object)
        }
    }

    /// The members of the object at `index` that `wanted` names, each read once: `fields[k]` is the index of the
    /// value of `wanted[k]`, nil when missing (the last one wins when a key repeats).
    ///
    /// - Throws: `DecodingError.typeMismatch` when the value is not an object.
    func object(at index: Int, keys wanted: [StaticString]) throws -> [Int?] {
        guard self[index].kind == .object else {
            throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: [], debugDescription: "expected an object"))
        }
        var fields = [Int?](repeating: nil, count: wanted.count)
        for (key, value) in members(ofObject: index) {
            for (slot, name) in wanted.enumerated() where string(at: key, equals: name) {
                fields[slot] = value
                break
            }
        }
        return fields
    }

    /// The root value, or the payload of a `{"data": …}` envelope (an object whose only key is "data").
    var payloadIndex: Int {
        guard self[0].kind == .object else { return 0 }
        var keys = members(ofObject: 0).makeIterator()
        guard let first = keys.next(), string(at: first.key, equals: "data"), keys.next() == nil else { return 0 }
        return first.value
    }

    /// Reads a page: a list whose elements `element` reads, from a plain body or a `{"data": …}` envelope.
    static func list<T>(from data: Data, _ element: (JSONTape, Int) throws -> T) throws -> [T] {
        let tape = try tape(of: data)
        let root = tape.payloadIndex
        guard tape[root].kind == .array else {
            throw DecodingError.typeMismatch([T].self, .init(codingPath: [], debugDescription: "expected a list"))
        }
        return try JSONField(tape: tape, index: root).lenientArray(element)
    }

    /// Reads one object, from a plain body or a `{"data": …}` envelope.
    static func one<T>(from data: Data, _ read: (JSONTape, Int) throws -> T) throws -> T {
        let tape = try tape(of: data)
        return try read(tape, tape.payloadIndex)
    }

    /// The tape of `data`, a syntax error as `JSONDecoder` reports one.
    private static func tape(of data: Data) throws -> JSONTape {
        do {
            return try JSONTape(data)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: error.description))
        }
    }
}

extension DecodingError {
    /// The error with `prefix` put before its coding path: a list or object that read the failing value says where.
    func prefixed(by prefix: [any CodingKey]) -> DecodingError {
        func context(_ context: Context) -> Context {
            Context(codingPath: prefix + context.codingPath, debugDescription: context.debugDescription,
                    underlyingError: context.underlyingError)
        }
        switch self {
        case let .typeMismatch(type, inner): return .typeMismatch(type, context(inner))
        case let .valueNotFound(type, inner): return .valueNotFound(type, context(inner))
        case let .keyNotFound(key, inner): return .keyNotFound(key, context(inner))
        case let .dataCorrupted(inner): return .dataCorrupted(context(inner))
        @unknown default: return self
        }
    }
}
