import NIOCore

/// Runs Swift tasks on SwiftNIO event loops instead of the Swift concurrency pool.
///
/// The test servers' `start()` and `stop()` block their caller until the server is listening or gone; tests call
/// them on the concurrency pool (two threads on a 2-core machine). Tasks that prefer this executor
/// (`Task(executorPreference:)`, inherited by their child tasks) never need a pool thread, so the wait cannot starve
/// them.
final class EventLoopTaskExecutor: TaskExecutor {
    private let group: any EventLoopGroup

    init(group: any EventLoopGroup) {
        self.group = group
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        group.next().execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
