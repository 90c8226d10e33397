import Foundation
import Networking
import POSFoundation
import Testing

struct RequestTests {
    private let credentials = Credentials(site: try! SiteAddress("https://shop.example/store/"), username: "cashier", applicationPassword: "abcd efgh ijkl")

    @Test func prepared_prettyPermalinks_putsRouteUnderWpJSONAndQueryInURL() throws {
        // Given
        let request = RESTRequest.wooCommerce(.get, "orders", query: ["status": "any", "search": "a+b c&d"])

        // When
        let prepared = request.prepared(site: credentials.site, routeStyle: .prettyPermalinks, credentials: credentials)

        // Then
        #expect(prepared.url == "https://shop.example/store/wp-json/wc/v3/orders?status=any&search=a%2Bb%20c%26d")
        #expect(prepared.method == .get)
        #expect(prepared.body == nil)
    }

    @Test func prepared_queryValues_percentEncodeEveryByteOutsideTheUnreservedSet() throws {
        // Given values with UTF-8 letters, reserved characters and the few left as they are
        let request = RESTRequest.wooCommerce(.get, "products", query: ["search": "Käse/Brot, 1:2 ~ä€=?#[]@!$'()*;%"])

        // When
        let prepared = request.prepared(site: credentials.site, routeStyle: .prettyPermalinks, credentials: credentials)

        // Then: the bytes Foundation's addingPercentEncoding gave with the same allowed set
        #expect(prepared.url == "https://shop.example/store/wp-json/wc/v3/products?search="
            + "K%C3%A4se/Brot,%201:2%20~%C3%A4%E2%82%AC%3D%3F%23%5B%5D%40%21%24%27%28%29%2A%3B%25")
    }

    @Test func prepared_restRoute_putsRouteInQuery() throws {
        // Given
        let request = RESTRequest.wooCommerce(.get, "products/12", query: ["_fields": "id,name"])

        // When
        let prepared = request.prepared(site: credentials.site, routeStyle: .restRoute, credentials: credentials)

        // Then
        #expect(prepared.url == "https://shop.example/store/?rest_route=/wc/v3/products/12&_fields=id,name")
    }

    @Test func prepared_index_isUnauthenticatedInBothStyles() throws {
        // Given
        let request = RESTRequest.index

        // When
        let pretty = request.prepared(site: credentials.site, routeStyle: .prettyPermalinks, credentials: credentials)
        let fallback = request.prepared(site: credentials.site, routeStyle: .restRoute, credentials: credentials)

        // Then
        #expect(pretty.url == "https://shop.example/store/wp-json/")
        #expect(fallback.url == "https://shop.example/store/?rest_route=/")
        #expect(pretty.value(forHeader: "Authorization") == nil)
    }

    @Test func prepared_post_sendsJSONBodyAndHeaders() throws {
        // Given
        let request = RESTRequest.wooCommerce(.post, "orders", body: ["status": "pending", "set_paid": false])

        // When
        let prepared = request.prepared(site: credentials.site, routeStyle: .prettyPermalinks, credentials: credentials)

        // Then
        let body = try #require(prepared.body)
        #expect(String(decoding: body, as: UTF8.self) == #"{"set_paid":false,"status":"pending"}"#)
        #expect(prepared.value(forHeader: "Content-Type")?.hasPrefix("application/json") == true)
        #expect(prepared.value(forHeader: "Accept") == "application/json")
        #expect(prepared.value(forHeader: "User-Agent")?.hasPrefix("pos/") == true)
        #expect(!prepared.url.contains("?"))
    }

    @Test func prepared_authenticated_sendsBasicApplicationPassword() throws {
        // Given
        let request = RESTRequest.wordPress(.get, "users/me", query: ["context": "edit"])

        // When
        let prepared = request.prepared(site: credentials.site, routeStyle: .prettyPermalinks, credentials: credentials)

        // Then
        let expected = "Basic " + Data("cashier:abcd efgh ijkl".utf8).base64EncodedString()
        #expect(prepared.value(forHeader: "Authorization") == expected)
        #expect(prepared.url == "https://shop.example/store/wp-json/wp/v2/users/me?context=edit")
    }

    @Test func orderFields_json_writesOnlySetFieldsWithMoneyText() throws {
        // Given
        var fields = OrderFields(status: .pending, currency: "EUR")
        fields.lineItems = [.init(productID: 40, quantity: 2), .init(id: 7, quantity: 0)]
        fields.feeLines = [.init(name: "Custom", total: try .init(parsing: "3.5", currency: .eur))]
        fields.couponCodes = ["spring10"]
        fields.metaData = [MetaData(key: "_pos_client_uuid", value: "abc")]
        fields.setPaid = true
        fields.transactionID = "T-1"

        // When
        let json = fields.json

        // Then
        #expect(json["status"] == "pending")
        #expect(json["line_items"] == [["product_id": 40, "quantity": 2], ["id": 7, "quantity": 0]])
        #expect(json["fee_lines"]?.arrayValue?.first?["total"] == "3.50")
        #expect(json["coupon_lines"] == [["code": "spring10"]])
        #expect(json["meta_data"] == [["key": "_pos_client_uuid", "value": "abc"]])
        #expect(json["set_paid"] == true)
        #expect(json["transaction_id"] == "T-1")
        #expect(json["billing"] == nil)
    }

    @Test func credentials_descriptions_neverRevealThePassword() {
        // Given
        let secret = "abcd efgh ijkl"

        // When
        let texts = [credentials.description, credentials.debugDescription, "\(credentials)", String(reflecting: credentials)]
        var dumped = ""
        dump(credentials, to: &dumped)

        // Then
        for text in texts + [dumped] {
            #expect(!text.contains(secret))
            #expect(!text.contains(Data("cashier:\(secret)".utf8).base64EncodedString()))
        }
        #expect(credentials.description.contains("cashier"))
    }
}
