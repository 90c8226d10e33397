/// The wire side of ``ZVTCardReader``: bare APDUs over TCP, framed and acknowledged APDUs over serial.
///
/// A message cut short ends like silence on both: over TCP an APDU whose bytes pause for
/// ``ZVTTimeouts/frameCompletionLimit`` before its length is complete is dropped, over serial a frame that pauses
/// for T1 or arrives damaged is NAK'd, and either way the state machine hears ``ZVTTransactionStateMachine/messageCutShort(silentFor:)``.
extension ZVTCardReader {
    func resetLink() {
        link = ZVTSerialLink(acknowledgeTimeout: timeouts.acknowledge)
        frameParser = ZVTSerialFrameParser()
        apduParser = ZVTAPDUParser()
        timers.cancel(.interByte)
        timers.cancel(.frameCompletion)
        queuedAPDUs = []
    }

    /// Sends an APDU; over serial it waits in a queue while an earlier frame awaits its ACK.
    func send(_ apdu: ZVTAPDU) {
        switch framing {
        case .bareAPDU:
            guard let bytes = try? apdu.encoded() else { return }
            channel?.send(bytes)
        case .serial:
            if link.isAwaitingAcknowledge {
                queuedAPDUs.append(apdu)
            } else if let actions = try? link.send(apdu) {
                linkFrameIsCommand = apdu == commandAPDU
                performLink(actions)
            }
        }
    }

    /// Handles bytes read from the transport.
    func received(_ bytes: [UInt8]) async {
        switch framing {
        case .bareAPDU:
            apduParser.append(bytes)
            do {
                while let apdu = try apduParser.nextAPDU() {
                    perform(machine.received(apdu))
                }
            } catch {
                // A bare stream cannot resynchronise after a bad length: drop the connection.
                await lineFailed()
                return
            }
            // Every byte restarts the limit: it bounds a pause inside an APDU, not a long APDU on a slow line.
            if apduParser.isInsideAPDU {
                startTimer(.frameCompletion, after: timeouts.frameCompletionLimit)
            } else {
                timers.cancel(.frameCompletion)
            }
        case .serial:
            frameParser.append(bytes)
            while true {
                do {
                    guard let unit = try frameParser.nextUnit() else { break }
                    performLink(link.received(unit))
                } catch {
                    performLink(link.receiveFailed(error))
                }
            }
            if frameParser.isInsideFrame {
                startTimer(.interByte, after: timeouts.interByte)
            } else {
                timers.cancel(.interByte)
            }
        }
    }

    func performLink(_ actions: [ZVTSerialLink.Action]) {
        for action in actions {
            switch action {
            case .write(let bytes):
                channel?.send(bytes)
            case .startAcknowledgeTimer(let duration):
                startTimer(.linkAcknowledge, after: duration)
            case .cancelAcknowledgeTimer:
                timers.cancel(.linkAcknowledge)
            case .deliver(let apdu):
                perform(machine.received(apdu))
            case .delivered:
                if !queuedAPDUs.isEmpty { send(queuedAPDUs.removeFirst()) }
            case .failed:
                queuedAPDUs = []
                perform(machine.transportFailed())
            case .frameLost(let silentFor):
                perform(machine.messageCutShort(silentFor: silentFor))
            case .refused:
                // Every copy NAK'd: if that was the command itself, the terminal never took it.
                queuedAPDUs = []
                perform(linkFrameIsCommand ? machine.commandRefused() : machine.transportFailed())
            }
        }
    }
}
