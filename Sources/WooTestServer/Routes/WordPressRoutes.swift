import Foundation

/// `GET /` (the API index), `wp/v2/users/me` and `wp/v2/users`.
enum WordPressRoutes {
    static func register(in router: inout Router) {
        router.add(["GET"], "", .everyone) { state, context, _ in
            index(state: state, context: context, mode: context.mode)
        }
        router.add(["GET"], "wp/v2/users/me", .loggedIn) { _, context, _ in
            guard let user = context.user else { throw RESTError.noRoute }
            return context.respond(200, me(user, context: context))
        }
        router.add(["GET"], "wp/v2/users", .loggedIn) { state, context, _ in
            try users(state: state, context: context)
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

    /// `GET wp/v2/users` as WordPress answers it: `context=edit` and the `roles` and `capabilities` filters need
    /// `list_users` (403 otherwise); without it a caller sees only users who published posts, of which this store
    /// has none. `roles` matches any of the roles, `capabilities` every capability (WP_User_Query's `role__in` and
    /// `capability`); ordered by name.
    private static func users(state: StoreState, context: RouteContext) throws(RESTError) -> HTTPResponse {
        guard let caller = context.user else { throw RESTError.noRoute }
        let edit = context.request.query("context") == "edit"
        let roles = context.stringList("roles") ?? []
        let capabilities = context.stringList("capabilities") ?? []
        if !caller.canListUsers {
            if edit { throw RESTError(403, "rest_forbidden_context", "Sorry, you are not allowed to list users.") }
            if !roles.isEmpty { throw RESTError(403, "rest_user_cannot_view", "Sorry, you are not allowed to filter users by role.") }
            if !capabilities.isEmpty {
                throw RESTError(403, "rest_user_cannot_view", "Sorry, you are not allowed to filter users by capability.")
            }
            return try context.page([User]()) { me($0, context: context) }
        }
        let matching = state.users
            .filter { roles.isEmpty || roles.contains($0.role.rawValue) }
            .filter { user in capabilities.allSatisfy { user.capabilities.contains($0) } }
            .sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
        return try context.page(matching) { me($0, context: context) }
    }

    private static func me(_ user: User, context: RouteContext) -> JSON {
        let edit = context.request.query("context") == "edit"
        var pairs: [(String, JSON)] = [
            ("id", .int(user.id)), ("name", .string(user.name)), ("url", .string("")),
            ("description", .string("")), ("link", .string("\(context.baseURL)/author/\(user.username)/")),
            ("slug", .string(user.username)),
        ]
        if edit {
            pairs += [
                ("username", .string(user.username)), ("email", .string("\(user.username)@example.com")),
                ("roles", .array([.string(user.role.rawValue)])),
                ("capabilities", .object(user.capabilities.map { ($0, .bool(true)) })),
                ("registered_date", .string("2024-01-01T00:00:00+00:00")),
            ]
        }
        return .object(pairs)
    }
}
