import Hardware

/// What the terminal asks of the cardholder or cashier while a card operation runs ("Insert card", "Enter PIN"):
/// the one form a prompt takes from the payment coordinator to the counter's screen and the command line.
///
/// The coordinator makes it from the driver's `CardReaderPrompt` as the step arrives and hands it to the
/// action's `prompts` handler; nothing converts it again on the way to the screen.
public struct CardPrompt: Hashable, Sendable, CustomStringConvertible {
    /// The text to show, as the terminal words it.
    public var text: String

    /// Creates a prompt.
    public init(text: String) {
        self.text = text
    }

    init(_ prompt: CardReaderPrompt) {
        self.init(text: prompt.text)
    }

    public var description: String { text }
}
