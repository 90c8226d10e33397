import POSFoundation

/// An image reference: only its source URL is kept.
struct ImageReference: Decodable {
    let src: String?

    enum CodingKeys: String, CodingKey { case src }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        src = c.lenientString(.src).flatMap { $0.isEmpty ? nil : $0 }
    }
}
