import Foundation
import POSFoundation

/// Maps the current user (`GET wp/v2/users/me?context=edit`) into `WordPressUser`.
public struct WordPressUserMapper: Mapper {
    public init() {}

    public func map(response: Data) throws -> WordPressUser {
        try WooJSON.decode(WordPressUser.self, from: response)
    }
}
