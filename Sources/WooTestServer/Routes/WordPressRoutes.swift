import Foundation

/// `GET /` (the API index) and `wp/v2/users/me`.
enum WordPressRoutes {
    static func register(in router: inout Router) {
        router.add(["GET"], "", .everyone) { state, context, _ in
            index(state: state, context: context, mode: context.mode)
        }
        router.add(["GET"], "wp/v2/users/me", .loggedIn) { _, context, _ in
            guard let user = context.user else { throw RESTError.noRoute }
            return context.respond(200, me(user, context: context))
        }
        router.add(["GET"], "wp/v2/settings", .shopManager) { state, context, _ in
            context.respond(200, .object([
                ("title", .string(state.settings.siteName)), ("description", .string(state.settings.siteDescription)),
                ("url", .string(context.baseURL)), ("timezone", .string("UTC")),
                ("date_format", .string("F j, Y")), ("time_format", .string("g:i a")),
                ("language", .string(state.settings.siteLanguage)),
            ]))
        }
    }

    private static func index(state: StoreState, context: RouteContext, mode: WooTestServer.Mode) -> HTTPResponse {
        var namespaces = ["oembed/1.0", "wp/v2", "wp-site-health/v1"]
        if mode == .wooCommerce {
            namespaces += ["wc/v1", "wc/v2", "wc/v3", "wc/store/v1", "wc-analytics", "wc-admin"]
        }
        return context.respond(200, .object([
            ("name", .string(state.settings.siteName)), ("description", .string(state.settings.siteDescription)),
            ("url", .string(context.baseURL)), ("home", .string(context.baseURL)), ("gmt_offset", .string("0")),
            ("timezone_string", .string("UTC")), ("namespaces", .array(namespaces.map(JSON.string))),
            ("authentication", .object([("application-passwords", .object([("endpoints", .object([
                ("authorization", .string("\(context.baseURL)/wp-admin/authorize-application.php")),
            ]))]))])),
            ("routes", .object([])),
        ]))
    }

    private static func me(_ user: User, context: RouteContext) -> JSON {
        let edit = context.request.query("context") == "edit"
        var pairs: [(String, JSON)] = [
            ("id", .int(user.id)), ("name", .string(user.username)), ("url", .string("")),
            ("description", .string("")), ("link", .string("\(context.baseURL)/author/\(user.username)/")),
            ("slug", .string(user.username)),
        ]
        if edit {
            pairs += [
                ("username", .string(user.username)), ("email", .string("\(user.username)@example.com")),
                ("roles", .array([.string(user.role.rawValue)])),
                ("capabilities", .object(user.role.capabilities.map { ($0, .bool(true)) })),
                ("registered_date", .string("2024-01-01T00:00:00+00:00")),
            ]
        }
        return .object(pairs)
    }
}
