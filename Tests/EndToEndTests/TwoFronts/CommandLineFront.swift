import Foundation
import Testing

/// A stop in a scripted day: what was being done, and what the front said.
struct ScriptedDayFailure: Error, CustomStringConvertible {
    var description: String
}

/// Runs ``ScriptedDay`` through `pos sell`, `pos cart` and `pos refund` on a data directory, as a person at a shell
/// would type it: the scans of a sale become `--item CODE[:QTY][@DISCOUNT]` (scans of one code in a row are its
/// quantity, a line discount goes after `@`), the cart discount `--discount`, the coupon `--coupon`.
struct CommandLineFront {
    let data: TemporaryDirectory

    /// The in-process terminal's script, and no CUPS (the demo store then prints into the data directory, as the
    /// counter's does).
    private var environment: [String: String] {
        ["POS_SIM_SCRIPT": ScriptedDay.terminalScript, "CUPS_SERVER": "\(data.path)/no-cups.sock"]
    }

    func run(_ steps: [ScriptedDay.Step]) async throws {
        for step in steps { try await perform(step) }
    }

    /// The `--item`, `--discount` and `--coupon` arguments of a sale's input.
    static func arguments(_ input: [ScriptedDay.Input]) -> [String] {
        var items: [(code: String, quantity: Int, discount: String?)] = []
        var rest: [String] = []
        for entry in input {
            switch entry {
            case .scan(let code):
                if let last = items.last, last.code == code, last.discount == nil {
                    items[items.count - 1].quantity += 1
                } else {
                    items.append((code, 1, nil))
                }
            case .lineDiscount(let discount): items[items.count - 1].discount = discount
            case .cartDiscount(let discount): rest += ["--discount", discount]
            case .coupon(let code): rest += ["--coupon", code]
            case .customer(let text): rest += ["--customer", text]
            case .managerApproves: rest += ["--manager", ScriptedDay.manager.name]
            }
        }
        let itemArguments = items.flatMap { item in
            let quantity = item.quantity > 1 ? ":\(item.quantity)" : ""
            return ["--item", item.code + quantity + (item.discount.map { "@" + $0 } ?? "")]
        }
        return itemArguments + rest
    }

    private func perform(_ step: ScriptedDay.Step) async throws {
        let managerPIN = ScriptedDay.manager.pin + "\n"
        switch step {
        case .signIn(let cashier):
            try await pos(["cashier", "sign-in", cashier.name], step, stdin: cashier.pin + "\n")
        case .sale(let input, let end):
            let cart = Self.arguments(input)
            // `--manager NAME` reads the manager's PIN from standard input.
            let pin = input.contains(.managerApproves) ? managerPIN : nil
            switch end {
            case .cash(let tendered):
                try await pos(["sell"] + cart + ["--pay", tendered.map { "cash:\($0)" } ?? "cash"], step, stdin: pin)
            case .cardDeclinedThenCash:
                try await pos(["sell"] + cart + ["--pay", "card"], step, stdin: pin, expecting: 11)
                let open = try await openSaleId(step)
                try await pos(["sell", "--sale", "\(open)", "--pay", "cash"], step)
            case .shortCash(let short, let enough):
                // The checkout refuses short cash before recording anything (the cart and the cash are one event):
                // the same command again, with enough.
                try await pos(["sell"] + cart + ["--pay", "cash:\(short)"], step, stdin: pin, expecting: 1)
                try await pos(["sell"] + cart + ["--pay", "cash:\(enough)"], step, stdin: pin)
            case .split(let cash):
                try await pos(["sell"] + cart + ["--pay", "cash:\(cash)", "--pay", "card"], step, stdin: pin)
            case .park(let name):
                try await pos(["cart", "park"] + cart + ["--name", name], step, stdin: pin)
            }
        case .resume(let name):
            let resumed = try await pos(["cart", "resume", name, "--json"], step)
            guard let object = try? JSONSerialization.jsonObject(with: Data(resumed.utf8)) as? [String: Any],
                  let id = object["id"] as? Int else {
                throw ScriptedDayFailure(description: "\(step): no sale id in \(resumed)")
            }
            try await pos(["sell", "--sale", "\(id)", "--pay", "cash"], step)
        case .void(let name):
            try await pos(["cart", "void", name], step)
        case .refund(let order, let amount):
            try await pos(["refund", "\(order)", "--amount", amount, "--manager", ScriptedDay.manager.name], step,
                          stdin: managerPIN)
        }
    }

    /// The one open sale (a declined card or too little cash left it so).
    private func openSaleId(_ step: ScriptedDay.Step) async throws -> Int {
        let list = try await pos(["cart", "list", "--json"], step)
        let sales = (try? JSONSerialization.jsonObject(with: Data(list.utf8)) as? [[String: Any]]) ?? []
        let open = sales.filter { $0["state"] as? String == "open" }.compactMap { $0["id"] as? Int }
        guard open.count == 1, let id = open.first else {
            throw ScriptedDayFailure(description: "\(step): expected one open sale, `pos cart list` says \(list)")
        }
        return id
    }

    /// Runs `pos ARGUMENTS --data-dir DATA`; its stdout, or a failure naming the step when it exits otherwise.
    @discardableResult
    private func pos(_ arguments: [String], _ step: ScriptedDay.Step, stdin: String? = nil, expecting status: Int32 = 0)
        async throws -> String {
        let outcome = try await PosProcess.run(arguments + ["--data-dir", data.path], environment: environment,
                                               stdin: stdin, timeout: .seconds(120))
        guard outcome.status == status else {
            throw ScriptedDayFailure(description: """
                command line, \(step): `pos \(arguments.joined(separator: " "))` exited \(outcome.status), not \(status)
                stdout: \(outcome.stdout)
                stderr: \(outcome.stderr)
                """)
        }
        return outcome.stdout
    }
}
