import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Closes the connection once an answer that says `Connection: close` is completely written, as an HTTP/1.1 server
/// must (Hummingbird closes only when the request asked for it).
final class ConnectionCloseHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var closeAfterEnd = false

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case let .head(head):
            closeAfterEnd = head.headerFields[.connection]?.lowercased().contains("close") ?? false
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            guard closeAfterEnd else {
                context.write(data, promise: promise)
                return
            }
            // Close only after the bytes are on the socket: closing earlier would drop what is still queued.
            let written = context.eventLoop.makePromise(of: Void.self)
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            written.futureResult.whenComplete { result in
                loopBound.value.close(promise: nil)
                promise?.completeWith(result)
            }
            context.writeAndFlush(data, promise: written)
        }
    }
}
