/// How a REST route is put into a URL.
///
/// Related spec: WordPress REST API handbook, "Routes and Endpoints" (the `?rest_route=` form works
/// without pretty permalinks).
public enum RouteStyle: Hashable, Sendable {
    /// `{site}/wp-json/wc/v3/orders?page=2` (needs pretty permalinks).
    case prettyPermalinks
    /// `{site}/?rest_route=/wc/v3/orders&page=2` (works on every site).
    case restRoute
}
