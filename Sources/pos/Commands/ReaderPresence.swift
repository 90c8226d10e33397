/// Which reader ids are plugged in now; lets a payment wait for its reader to come back.
actor ReaderPresence {
    private var present: Set<String>
    private var waiters: [(id: String, continuation: CheckedContinuation<Void, Never>)] = []

    init(_ present: Set<String>) { self.present = present }

    /// Adds `id`; `false` when it was already present (udev reports a device and its tty).
    func insert(_ id: String) -> Bool {
        let added = present.insert(id).inserted
        let ready = waiters.filter { $0.id == id }
        waiters.removeAll { $0.id == id }
        for waiter in ready { waiter.continuation.resume() }
        return added
    }

    /// Removes `id`; `false` when it was not present.
    func remove(_ id: String) -> Bool { present.remove(id) != nil }

    func contains(_ id: String) -> Bool { present.contains(id) }

    /// Returns once `id` is present.
    func waitFor(_ id: String) async {
        if present.contains(id) { return }
        await withCheckedContinuation { waiters.append((id, $0)) }
    }
}
