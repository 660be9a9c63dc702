// Blocking work off Swift's cooperative pool. The pool is as wide as the machine has cores (two
// here), and Swift Testing runs tests in parallel on it: a test that holds a pool thread while it
// waits — for a child process, a socket, a sleep — takes a share of it from every other test, and
// when what it waits for itself needs a pool thread (swift-subprocess finishing a run, an
// in-process gateway answering), two such tests at once deadlock the suite. Every wait in the
// tests' helpers is either awaited or runs here, on a thread of its own.

import Foundation

/// Runs `body` on a new thread and resumes with its result; the calling task is suspended, not
/// blocked, meanwhile.
public func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 1 << 20
        thread.start()
    }
}

/// `onThread` for work that cannot fail.
public func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = 1 << 20
        thread.start()
    }
}

/// Polls `condition` every `interval` until it holds (true) or `timeout` has passed (false),
/// sleeping between polls without holding a thread.
public func poll(timeout: Duration, every interval: Duration = .milliseconds(20),
                 until condition: () async throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
        if try await condition() { return true }
        guard ContinuousClock.now < deadline else { return false }
        try await Task.sleep(for: interval)
    }
}

/// Runs `body`, then `cleanup` — awaited, whether `body` returned or threw (a `defer` cannot
/// await, and cleanup that runs a program must not block a pool thread either).
public func withCleanup<T>(_ cleanup: () async -> Void, _ body: () async throws -> T) async throws -> T {
    let result: T
    do {
        result = try await body()
    } catch {
        await cleanup()
        throw error
    }
    await cleanup()
    return result
}
