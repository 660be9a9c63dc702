// ProcessThread: the one thread ChildProcess's tasks run on, so starting a child never waits for
// a thread of the cooperative pool.

import Foundation

/// The thread every ChildProcess task prefers (Subprocess's own I/O and monitor threads wake it):
/// starting a child needs no thread of the cooperative pool, so `startBlocking` cannot starve it.
/// Finishing a run does need one: Subprocess (1.0.2) awaits an unstructured `Task` at the end of
/// every run, and unstructured tasks do not inherit an executor preference.
final class ProcessThread: TaskExecutor, @unchecked Sendable {
    static let shared = ProcessThread()

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init() {
        let thread = Thread { [self] in loop() }
        thread.name = "coach-processes"
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func loop() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
