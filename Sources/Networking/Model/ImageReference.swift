import POSFoundation

/// An image reference: only its source URL is kept.
struct ImageReference {
    let src: String?
}

extension ImageReference {
    /// Reads the image at `index` of `tape`.
    init(reading tape: JSONTape, at index: Int) throws {
        let slots = try tape.object(at: index, keys: ["src"])
        src = JSONField(tape: tape, index: slots[0]).lenientString().flatMap { $0.isEmpty ? nil : $0 }
    }
}
