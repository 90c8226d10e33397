import Dispatch

/// A serial executor backed by its own dispatch queue, so an actor that uses it runs its blocking system calls
/// (poll, libusb, libudev) on that queue and never on Swift's cooperative thread pool.
///
/// ```swift
/// actor Device {
///     private let executor = DispatchQueueExecutor(label: "pos.device")
///     nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
/// }
/// ```
public final class DispatchQueueExecutor: SerialExecutor {
    private let queue: DispatchQueue

    /// Creates an executor with a new serial queue named `label`.
    public init(label: String) {
        queue = DispatchQueue(label: label)
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let unownedJob = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async {
            unownedJob.runSynchronously(on: executor)
        }
    }
}
