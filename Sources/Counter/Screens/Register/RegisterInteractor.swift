import Foundation
import Localization
import Yosemite

/// Keeps the register screen's state; reads and sets the register through the context's ``RegisterSetting``.
@MainActor
public final class RegisterInteractor {
    public private(set) var response = RegisterDataFlow.Response()
    var present: (RegisterDataFlow.Response) -> Void = { _ in }
    private let context: CounterContext

    /// Creates the interactor.
    public init(context: CounterContext) {
        self.context = context
        response.canSet = context.registerSetting != nil
    }

    /// Loads the register.
    public func load() {
        guard let setting = context.registerSetting else {
            response.isLoaded = true
            present(response)
            return
        }
        Task {
            response.info = await setting.current()
            response.isLoaded = true
            present(response)
        }
    }

    /// Handles one request.
    public func handle(_ request: RegisterDataFlow.Request) {
        guard !response.isBusy else { return }
        guard var text = response.editing else {
            switch request {
            case .setKeyPressed where response.canSet:
                response.editing = response.info.id ?? ""
                response.result = []
            case .escapePressed: context.router?.show(.menu); return
            default: break
            }
            present(response)
            return
        }
        switch request {
        case .escapePressed: response.editing = nil; present(response); return
        case .typed(let character): if !character.isNewline, text.count < 16 { text.append(character) }
        case .backspacePressed: if !text.isEmpty { text.removeLast() }
        case .scanned(let code): text = String((text + code).prefix(16))
        case .enterPressed:
            let id = text.trimmingCharacters(in: .whitespaces)
            guard !id.isEmpty, let setting = context.registerSetting else { break }
            response.editing = nil
            response.isBusy = true
            present(response)
            Task {
                let result = await setting.set(id)
                response.result = result.lines
                response.isError = !result.isSet
                response.info = await setting.current()
                response.isBusy = false
                context.refreshStatus()
                present(response)
            }
            return
        case .setKeyPressed: break
        }
        response.editing = text
        present(response)
    }
}
