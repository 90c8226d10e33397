import Foundation
import POSFoundation

/// Maps a page of users (`GET wp/v2/users?context=edit`) into `WordPressUser`s.
public struct WordPressUserListMapper: Mapper {
    public init() {}

    public func map(response: Data) throws -> [WordPressUser] {
        try WooJSON.decode([WordPressUser].self, from: response)
    }
}
