import Foundation

extension WooTestServer {
    /// The route table of every REST route the server answers.
    static func makeRouter() -> Router {
        var router = Router()
        WordPressRoutes.register(in: &router)
        ProductRoutes.register(in: &router)
        CatalogRoutes.register(in: &router)
        OrderRoutes.register(in: &router)
        SettingsRoutes.register(in: &router)
        return router
    }
}
