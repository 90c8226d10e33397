import Foundation
import Networking
import POSFoundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct RequestTests {
    private let credentials = Credentials(site: try! SiteAddress("https://shop.example/store/"), username: "cashier", applicationPassword: "abcd efgh ijkl")

    @Test func urlRequest_prettyPermalinks_putsRouteUnderWpJSONAndQueryInURL() throws {
        // Given
        let request = RESTRequest.wooCommerce(.get, "orders", query: ["status": "any", "search": "a+b c&d"])

        // When
        let urlRequest = try request.urlRequest(site: credentials.site, routeStyle: .prettyPermalinks, credentials: credentials)

        // Then
        #expect(urlRequest.url?.absoluteString == "https://shop.example/store/wp-json/wc/v3/orders?status=any&search=a%2Bb%20c%26d")
        #expect(urlRequest.httpMethod == "GET")
        #expect(urlRequest.httpBody == nil)
    }

    @Test func urlRequest_restRoute_putsRouteInQuery() throws {
        // Given
        let request = RESTRequest.wooCommerce(.get, "products/12", query: ["_fields": "id,name"])

        // When
        let urlRequest = try request.urlRequest(site: credentials.site, routeStyle: .restRoute, credentials: credentials)

        // Then
        #expect(urlRequest.url?.absoluteString == "https://shop.example/store/?rest_route=/wc/v3/products/12&_fields=id,name")
    }

    @Test func urlRequest_index_isUnauthenticatedInBothStyles() throws {
        // Given
        let request = RESTRequest.index

        // When
        let pretty = try request.urlRequest(site: credentials.site, routeStyle: .prettyPermalinks, credentials: credentials)
        let fallback = try request.urlRequest(site: credentials.site, routeStyle: .restRoute, credentials: credentials)

        // Then
        #expect(pretty.url?.absoluteString == "https://shop.example/store/wp-json/")
        #expect(fallback.url?.absoluteString == "https://shop.example/store/?rest_route=/")
        #expect(pretty.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test func urlRequest_post_sendsJSONBodyAndHeaders() throws {
        // Given
        let request = RESTRequest.wooCommerce(.post, "orders", body: ["status": "pending", "set_paid": false])

        // When
        let urlRequest = try request.urlRequest(site: credentials.site, routeStyle: .prettyPermalinks, credentials: credentials)

        // Then
        let body = try #require(urlRequest.httpBody)
        #expect(String(decoding: body, as: UTF8.self) == #"{"set_paid":false,"status":"pending"}"#)
        #expect(urlRequest.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("application/json") == true)
        #expect(urlRequest.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(urlRequest.value(forHTTPHeaderField: "User-Agent")?.hasPrefix("pos/") == true)
        #expect(urlRequest.url?.query == nil)
    }

    @Test func urlRequest_authenticated_sendsBasicApplicationPassword() throws {
        // Given
        let request = RESTRequest.wordPress(.get, "users/me", query: ["context": "edit"])

        // When
        let urlRequest = try request.urlRequest(site: credentials.site, routeStyle: .prettyPermalinks, credentials: credentials)

        // Then
        let expected = "Basic " + Data("cashier:abcd efgh ijkl".utf8).base64EncodedString()
        #expect(urlRequest.value(forHTTPHeaderField: "Authorization") == expected)
        #expect(urlRequest.url?.absoluteString == "https://shop.example/store/wp-json/wp/v2/users/me?context=edit")
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
