import Hardware

/// The read and write loops that every descriptor-backed transport (TCP socket, TTY) shares.
///
/// A conforming actor says how to find its open descriptor, how to give it up after a failure, and what end of
/// file means on its line (a closed connection for TCP, a hang-up for a TTY); the loops are written once here.
protocol DescriptorTransport: Actor {
    /// How the transport names its endpoint in errors.
    nonisolated var endpointDescription: String { get }
    /// How long a write may wait for the line to drain.
    nonisolated var writeTimeout: Duration { get }
    /// The open descriptor, or `.closed` when there is none.
    func openDescriptor() throws(TransportError) -> FileDescriptor
    /// Closes the descriptor after a failure or at the end of the line.
    func closeDescriptor()
    /// What a zero-byte read means on this line.
    func endOfFileError() -> TransportError
}

extension DescriptorTransport {
    /// Writes all bytes, or fails with `.timedOut` when the line does not drain in ``writeTimeout``.
    func writeAllBytes(_ bytes: [UInt8]) throws(TransportError) {
        let descriptor = try openDescriptor()
        do {
            guard try descriptor.writeAll(bytes, timeout: writeTimeout) else {
                throw TransportError(.timedOut, endpoint: endpointDescription, underlying: "the line did not drain in \(writeTimeout)")
            }
        } catch let error as SystemCallError {
            throw fail(error)
        } catch let error as TransportError {
            throw error
        } catch {
            throw TransportError(.ioFailure, endpoint: endpointDescription, underlying: "\(error)")
        }
    }

    /// Reads in short slices until bytes arrive, the deadline passes (`[]`), or the task is cancelled (`[]`).
    ///
    /// Between slices the actor is free, so a write (an abort) or a close goes through while a long read waits.
    func readInSlices(maxLength: Int, timeout: Duration) async throws(TransportError) -> [UInt8] {
        let deadline = ContinuousClock.now + timeout
        while true {
            // Looked up again after every slice: a close() may have run while this read was suspended.
            let descriptor = try openDescriptor()
            let wait = min(max(deadline - ContinuousClock.now, .zero), FileDescriptor.readSlice)
            let bytes: [UInt8]?
            do throws(SystemCallError) {
                bytes = try descriptor.readReady(maxLength: maxLength, wait: wait)
            } catch {
                throw fail(error)
            }
            if let bytes {
                if bytes.isEmpty {
                    closeDescriptor()
                    throw endOfFileError()
                }
                return bytes
            }
            // A cancelled read ends like a timeout, so a cancelled driver task stops waiting at once.
            if ContinuousClock.now >= deadline || Task.isCancelled { return [] }
            await Task.yield()
        }
    }

    /// Closes the descriptor after a failed system call and says what the failure means.
    func fail(_ error: SystemCallError) -> TransportError {
        closeDescriptor()
        return error.transportError(endpoint: endpointDescription)
    }
}
