import Synchronization

extension Mutex where Value: ~Copyable {
    /// `withLock`, in a function of its own that is never inlined. Use it instead of `withLock`
    /// (`scripts/check-locks.sh` holds every module to that).
    ///
    /// Why: on Linux, `Mutex` locks with the calling thread's id, which the standard library caches in a thread-local
    /// variable, and `withLock` is always inlined. Inlined into an async function, the optimizer may compute that
    /// variable's address before an `await` and reuse it after the task resumed on another thread: the lock then
    /// records the old thread's id, the unlock finds its own id missing, and the kernel refuses the unlock
    /// ("Call to unlock Mutex on a thread which hasn't acquired the lock"). A release `pos-bench all` died of it in
    /// `PendingValue.settle`, inlined into the catalog sync's settings task (a core dump showed the thread-local
    /// address read from the async frame). Here the thread-local read happens inside this call, on the thread that
    /// runs it.
    @inline(never)
    public borrowing func locked<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try withLock(body)
    }
}
