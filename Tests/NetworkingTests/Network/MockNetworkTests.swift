import Foundation
import Networking
import Testing

struct MockNetworkTests {
    @Test func response_pathEndsWithSuffix_returnsStub() async throws {
        // Given
        let network = MockNetwork()
        network.simulateResponse(requestUrlSuffix: "orders", json: "[]")

        // When
        let data = try await network.responseData(for: RESTRequest.wooCommerce(.get, "orders"))

        // Then
        #expect(String(decoding: data, as: UTF8.self) == "[]")
    }

    @Test func response_severalSuffixesMatch_longestWins() async throws {
        // Given
        let network = MockNetwork()
        network.simulateResponse(requestUrlSuffix: "notes", json: "\"short\"")
        network.simulateResponse(requestUrlSuffix: "orders/12/notes", json: "\"long\"")

        // When
        let data = try await network.responseData(for: RESTRequest.wooCommerce(.get, "orders/12/notes"))

        // Then
        #expect(String(decoding: data, as: UTF8.self) == "\"long\"")
    }

    @Test func response_stubMode_answersEveryTime() async throws {
        // Given
        let network = MockNetwork()
        network.simulateResponse(requestUrlSuffix: "products", json: "1")

        // When
        let first = try await network.responseData(for: RESTRequest.wooCommerce(.get, "products"))
        let second = try await network.responseData(for: RESTRequest.wooCommerce(.get, "products"))

        // Then
        #expect(first == second)
    }

    @Test func response_queueMode_answersInOrderThenFails() async throws {
        // Given
        let network = MockNetwork(useResponseQueue: true)
        network.simulateResponse(requestUrlSuffix: "orders", json: "1")
        network.simulateResponse(requestUrlSuffix: "orders", json: "2")
        let request = RESTRequest.wooCommerce(.post, "orders")

        // When
        let first = try await network.responseData(for: request)
        let second = try await network.responseData(for: request)

        // Then
        #expect(String(decoding: first, as: UTF8.self) == "1")
        #expect(String(decoding: second, as: UTF8.self) == "2")
        await #expect(throws: NetworkError.notFound(path: "wc/v3/orders", nil)) {
            try await network.responseData(for: request)
        }
    }

    @Test func response_errorAndResponseBothMatch_errorWins() async {
        // Given
        let network = MockNetwork()
        network.simulateResponse(requestUrlSuffix: "orders", json: "[]")
        network.simulateError(requestUrlSuffix: "orders", error: .timeout(path: "wc/v3/orders"))

        // When / Then
        await #expect(throws: NetworkError.timeout(path: "wc/v3/orders")) {
            try await network.responseData(for: RESTRequest.wooCommerce(.get, "orders"))
        }
    }

    @Test func response_nothingMatches_failsNotFound() async {
        // Given
        let network = MockNetwork()
        network.simulateResponse(requestUrlSuffix: "orders", json: "[]")

        // When / Then
        await #expect(throws: NetworkError.notFound(path: "wc/v3/products", nil)) {
            try await network.responseData(for: RESTRequest.wooCommerce(.get, "products"))
        }
    }

    @Test func response_afterRemoveAll_failsNotFound() async {
        // Given
        let network = MockNetwork()
        network.simulateResponse(requestUrlSuffix: "orders", json: "[]")
        network.simulateError(requestUrlSuffix: "x", error: .offline)

        // When
        network.removeAllSimulatedResponses()

        // Then
        await #expect(throws: NetworkError.self) { try await network.responseData(for: RESTRequest.wooCommerce(.get, "orders")) }
    }

    @Test func response_fixtureFileAndErrorStatus_loadsFileAndMapsStatus() async throws {
        // Given
        let network = MockNetwork(loader: Fixture.loader)
        network.simulateResponse(requestUrlSuffix: "orders/1201", filename: "order")
        network.simulateResponse(requestUrlSuffix: "users/me", json: #"{"code":"rest_not_logged_in","message":"No","data":{"status":401}}"#, statusCode: 401)
        network.simulateResponse(requestUrlSuffix: "missing", filename: "no-such-fixture")

        // When
        let order = try await OrdersRemote(network: network).loadOrder(id: 1201)

        // Then
        #expect(order.id == 1201)
        await #expect(throws: NetworkError.unauthorized(WordPressError(code: "rest_not_logged_in", message: "No", status: 401))) {
            try await SiteRemote(network: network).loadCurrentUser()
        }
        await #expect(throws: NetworkError.self) { try await network.responseData(for: RESTRequest.wooCommerce(.get, "missing")) }
    }

    @Test func requestsForResponseData_recordsMethodPathQueryAndBody() async throws {
        // Given
        let network = MockNetwork()
        network.simulateResponse(requestUrlSuffix: "orders/5/notes", json: #"{"id": 1, "note": "hi"}"#)

        // When
        _ = try await network.responseData(for: RESTRequest.wooCommerce(
            .post, "orders/5/notes", body: ["note": "hi", "customer_note": true]))
        _ = try? await ProductsRemote(network: network).loadProducts(.init(page: 3, perPage: 50, sku: "A+B"))

        // Then
        let requests = network.requestsForResponseData
        #expect(requests.count == 2)
        #expect(requests[0].method == .post)
        #expect(requests[0].path == "wc/v3/orders/5/notes")
        #expect(requests[0].body?["note"] == "hi")
        #expect(requests[0].body?["customer_note"] == true)
        #expect(requests[1].method == .get)
        #expect(requests[1].queryValue("page") == "3")
        #expect(requests[1].queryValue("per_page") == "50")
        #expect(requests[1].queryValue("sku") == "A+B")
        #expect(requests[1].body == nil)
    }

    @Test func response_concurrentRequests_areAllRecorded() async throws {
        // Given
        let network = MockNetwork()
        network.simulateResponse(requestUrlSuffix: "products", json: "[]")

        // When
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<50 {
                group.addTask { _ = try? await network.responseData(for: RESTRequest.wooCommerce(.get, "products")) }
            }
        }

        // Then
        #expect(network.requestsForResponseData.count == 50)
    }
}
