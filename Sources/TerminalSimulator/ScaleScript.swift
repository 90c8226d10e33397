import Hardware

/// What a simulated scale has on its pan, one step per weight request (`W`); the last step repeats.
///
/// Written as comma-separated steps: `moving,moving,stable:1234` (settles after two requests),
/// `net:500`, `zero`, `under`, `over`, `zero-error`, `pounds:271` (2.71 lb), `silent` (no answer),
/// `garbage` (a frame that is neither a weight nor a status).
public struct ScaleScript: Hashable, Sendable {
    /// One answer to `W`.
    public enum Step: Hashable, Sendable {
        /// A stable gross weight in grams.
        case stable(grams: Int)
        /// A stable net weight in grams (a tare in force).
        case net(grams: Int)
        /// The weight has not settled.
        case moving
        /// A stable zero: nothing on the pan.
        case zero
        /// Below zero.
        case underZero
        /// Over capacity.
        case overCapacity
        /// Zero not captured at power-up.
        case zeroError
        /// A stable weight in hundredths of a pound (the scale set to pounds).
        case pounds(hundredths: Int)
        /// No answer at all.
        case silent
        /// An unreadable frame.
        case garbage
    }

    public let steps: [Step]

    public init(_ steps: [Step] = [.stable(grams: 1234)]) {
        self.steps = steps.isEmpty ? [.stable(grams: 1234)] : steps
    }

    /// Parses the written form.
    ///
    /// - Throws: ``ScaleScriptError`` naming the step that is wrong.
    public init(parsing text: String) throws(ScaleScriptError) {
        var steps: [Step] = []
        for item in text.split(separator: ",").map({ String($0).lowercased() }) where !item.isEmpty {
            let parts = item.split(separator: ":", maxSplits: 1).map(String.init)
            let number = parts.count == 2 ? Int(parts[1]) : nil
            switch (parts[0], number) {
            case ("stable", let grams?) where grams >= 0: steps.append(.stable(grams: grams))
            case ("net", let grams?) where grams >= 0: steps.append(.net(grams: grams))
            case ("pounds", let hundredths?) where hundredths >= 0: steps.append(.pounds(hundredths: hundredths))
            case ("moving", nil) where parts.count == 1: steps.append(.moving)
            case ("zero", nil) where parts.count == 1: steps.append(.zero)
            case ("under", nil) where parts.count == 1: steps.append(.underZero)
            case ("over", nil) where parts.count == 1: steps.append(.overCapacity)
            case ("zero-error", nil) where parts.count == 1: steps.append(.zeroError)
            case ("silent", nil) where parts.count == 1: steps.append(.silent)
            case ("garbage", nil) where parts.count == 1: steps.append(.garbage)
            default: throw ScaleScriptError(step: item)
            }
        }
        self.init(steps)
    }

    /// The step for the request numbered `index` (0-based); the last step repeats.
    public func step(at index: Int) -> Step {
        steps[min(index, steps.count - 1)]
    }
}

/// A scale script step that could not be read.
public struct ScaleScriptError: Error, Hashable, CustomStringConvertible {
    public let step: String
    public var description: String {
        "Unknown scale step \"\(step)\"; use stable:GRAMS, net:GRAMS, moving, zero, under, over, zero-error, pounds:HUNDREDTHS, silent or garbage."
    }
}
