import Foundation
import POSFoundation

/// Maps a coupon list (`GET wc/v3/coupons`) into `[Coupon]`.
public struct CouponListMapper: Mapper {
    public init() {}

    public func map(response: Data) throws -> [Coupon] {
        try WooJSON.decode([Coupon].self, from: response)
    }
}
