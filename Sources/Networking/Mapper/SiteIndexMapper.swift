import Foundation
import POSFoundation

/// Maps the REST index (`GET /wp-json/`) into `SiteIndex`.
public struct SiteIndexMapper: Mapper {
    public init() {}

    public func map(response: Data) throws -> SiteIndex {
        try WooJSON.decode(SiteIndex.self, from: response)
    }
}
