import Networking

/// The demo store's network: there is no site, so every request fails as offline without leaving the machine.
struct DemoNetwork: Network {
    func response(for request: any Request) async throws(NetworkError) -> NetworkResponse {
        throw .offline
    }
}
