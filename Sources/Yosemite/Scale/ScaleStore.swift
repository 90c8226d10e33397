import Foundation
import Hardware
import Storage

/// Weighs on the counter's scale (Mettler Toledo 8217 at `scale+serial://…` in the app settings; the simulated
/// `sim://` in the demo store). Keeps the line open between weighings, and opens a new one when the address changes
/// or the line failed.
@MainActor
public final class ScaleStore: Store, ActionsProcessor {
    private var scale: Toledo8217Scale?

    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self)
    }

    public func onAction(_ action: ScaleAction) async throws(WeighingError) -> Replied {
        switch action {
        case .weigh(let reply):
            do throws(ScaleError) {
                let scale = try await current()
                return reply(Weighing(try await scale.weigh()))
            } catch {
                throw WeighingError(error)
            }
        }
    }

    /// The scale at the saved address, opened on first use. With none saved, the demo store weighs on the simulated
    /// scale (`sim://`), as it pays on the simulated terminal; any other store is told to set one up.
    private func current() async throws(ScaleError) -> Toledo8217Scale {
        let settings = environment.appSettings()
        let address: DeviceAddress
        if let text = settings.scaleAddress {
            do throws(TransportError) { address = try DeviceAddress(text, expecting: .scale) } catch {
                throw ScaleError(line: error)
            }
        } else if DemoStoreSeeder.hasMarkerFile(in: environment) {
            address = .simulatedScale
        } else {
            throw ScaleError(.notConfigured)
        }
        if let scale, scale.address == address, await scale.isConnected { return scale }
        if let old = scale { await old.close() }
        let opened = Toledo8217Scale(transport: environment.makeSerialTransport(address), address: address,
                                     clock: environment.clock)
        scale = opened
        return opened
    }
}
