import Foundation

/// One page of a list, with what the pagination headers said.
public struct PagedItems<Item: Sendable>: Sendable {
    public let items: [Item]
    /// The page number asked for (1-based).
    public let page: Int
    /// `X-WP-Total`: how many items all pages hold.
    public let totalItems: Int?
    /// `X-WP-TotalPages`.
    public let totalPages: Int?
    /// Whether a next page exists: `page < totalPages`, or, without the header, whether this page was full.
    public let hasMorePages: Bool
    /// The server's clock (`Date` header), for the next incremental `modified_after`.
    public let serverDate: Date?

    public init(items: [Item], page: Int, totalItems: Int?, totalPages: Int?, hasMorePages: Bool, serverDate: Date?) {
        self.items = items
        self.page = page
        self.totalItems = totalItems
        self.totalPages = totalPages
        self.hasMorePages = hasMorePages
        self.serverDate = serverDate
    }

    /// Reads the pagination headers of a response.
    public init(items: [Item], page: Int, perPage: Int, headers: HTTPHeaders) {
        let totalPages = headers.integer("X-WP-TotalPages")
        self.init(
            items: items,
            page: page,
            totalItems: headers.integer("X-WP-Total"),
            totalPages: totalPages,
            hasMorePages: totalPages.map { page < $0 } ?? (items.count >= perPage && perPage > 0),
            serverDate: headers["Date"].flatMap(HTTPDate.parse)
        )
    }
}

extension PagedItems: Equatable where Item: Equatable {}
extension PagedItems: Hashable where Item: Hashable {}
