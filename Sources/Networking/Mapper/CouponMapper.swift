import Foundation
import POSFoundation

/// Maps a coupon (`GET wc/v3/coupons/{id}`) into `Coupon`.
public struct CouponMapper: Mapper {
    public init() {}

    public func map(response: Data) throws -> Coupon {
        try WooJSON.decode(Coupon.self, from: response)
    }
}
