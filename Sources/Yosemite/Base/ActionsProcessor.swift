/// Something that handles the actions of one or more types: in practice a ``Store``.
@MainActor
public protocol ActionsProcessor: AnyObject {
    /// Handles an action of a type the processor registered for.
    func onAction(_ action: any Action)
}
