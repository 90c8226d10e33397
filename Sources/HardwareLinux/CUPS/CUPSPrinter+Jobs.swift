import CCups
import Foundation
import Hardware

extension CUPSPrinter {
    /// A job's state, read with `cupsGetJobs2`; a job the scheduler no longer lists counts as completed.
    func jobState(queue: String, jobID: Int) throws(PrinterError) -> PrintJobState {
        let connection = try CUPSConnection(server: server)
        var jobs: UnsafeMutablePointer<cups_job_t>?
        let count = cupsGetJobs2(connection.http, &jobs, queue, 0, CUPS_WHICHJOBS_ALL)
        defer { cupsFreeJobs(count, jobs) }
        if count < 0 || (count == 0 && cupsLastError() == IPP_STATUS_ERROR_SERVICE_UNAVAILABLE) {
            throw .schedulerUnavailable
        }
        guard let jobs else { return .completed }
        for index in 0..<Int(count) where Int(jobs[index].id) == jobID {
            return Self.state(jobs[index].state)
        }
        return .completed
    }

    /// The IPP job state as the app's.
    static func state(_ state: ipp_jstate_t) -> PrintJobState {
        switch state {
        case IPP_JSTATE_PENDING: .pending
        case IPP_JSTATE_HELD: .held
        case IPP_JSTATE_PROCESSING: .processing
        case IPP_JSTATE_STOPPED: .stopped
        case IPP_JSTATE_CANCELED: .canceled
        case IPP_JSTATE_ABORTED: .aborted
        default: .completed
        }
    }

    /// Cancels a job that took too long (best effort).
    func cancel(queue: String, jobID: Int) {
        guard let connection = try? CUPSConnection(server: server) else { return }
        _ = cupsCancelJob2(connection.http, queue, Int32(jobID), 0)
    }

    /// The queue's state reasons other than "none", as one text, for a failed job's message.
    func stopReason(queue: String) -> String? {
        guard let connection = try? CUPSConnection(server: server),
              let description = connection.destination(named: queue)
        else { return nil }
        let reasons = description.stateReasons.filter { $0 != "none" }
        return reasons.isEmpty ? nil : reasons.joined(separator: ", ")
    }
}
