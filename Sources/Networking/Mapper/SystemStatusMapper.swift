import Foundation
import POSFoundation

/// Maps the system status (`GET wc/v3/system_status`) into `SystemStatus`.
public struct SystemStatusMapper: Mapper {
    public init() {}

    public func map(response: Data) throws -> SystemStatus {
        try WooJSON.decode(SystemStatus.self, from: response)
    }
}
