/// The answer slot of one dispatched action: the last associated value of every action case.
///
/// Only the ``Dispatcher`` makes one (its initializer is internal), so a case can be answered only through a
/// dispatch. The store answers by returning `reply(value)`; the ``Replied`` token it gets back is the only thing
/// ``ActionsProcessor/onAction(_:)`` can return, so the compiler holds every path to answering or throwing.
///
/// ```swift
/// case let .loadSale(reference, reply):
///     return reply(try await sales.load(reference))
/// ```
public struct Reply<Value: Sendable>: Sendable {
    init() {}

    /// Answers the action with `value`.
    public func callAsFunction(_ value: Value) -> Replied {
        Replied(value: value)
    }
}

extension Reply where Value == Void {
    /// Answers an action that has no value.
    public func callAsFunction() -> Replied {
        Replied(value: ())
    }
}

/// Proof that a store answered an action through its ``Reply``: opaque outside Yosemite.
public struct Replied: Sendable {
    let value: any Sendable
}
