import Foundation
import POSFoundation

/// Maps a settings group (`GET wc/v3/settings/{group}`) into `[SiteSetting]`.
public struct SiteSettingListMapper: Mapper {
    public init() {}

    public func map(response: Data) throws -> [SiteSetting] {
        try WooJSON.decode([SiteSetting].self, from: response)
    }
}
