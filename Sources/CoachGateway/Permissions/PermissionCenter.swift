// PermissionCenter: the gateway's keeper of the user's decisions (a PermissionBook loaded from the
// store, every change written back before it is acknowledged) and of the questions clients ask.
// A question waits for the user only while someone can answer it (a REPL asking for questions);
// otherwise the request returns at once, saying how to allow it.

import CoachCore
import CoachStore
import Foundation
import Synchronization

public final class PermissionCenter: Sendable {
    private let store: @Sendable () -> WorkoutStore?
    private let state = Mutex(State())

    private struct State {
        var loaded = false
        var book = PermissionBook()
        var policy = UnnamedClientPolicy.trusted
        var nextID = 0
        /// Questions not yet answered, oldest first, with the requests waiting on each.
        var pending: [(question: AuthorizationQuestion, waiters: [CheckedContinuation<Void, Never>])] = []
        /// Questions already handed to a prompter (so a second prompter is not shown them again).
        var shown: Set<Int> = []
        /// REPLs waiting for the next question (`authorization.next`), and how many are attached.
        var prompters: [CheckedContinuation<AuthorizationQuestion?, Never>] = []
        var attachedPrompters = 0
    }

    init(store: @escaping @Sendable () -> WorkoutStore?) {
        self.store = store
    }

    // MARK: - Decisions

    /// Reads the decisions and policy from the store once; a gateway without a store keeps them
    /// in memory.
    private func loaded<Value: Sendable>(_ body: (inout State) -> Value) -> Value {
        let needsLoad = state.withLock { !$0.loaded }
        if needsLoad {
            let store = self.store()
            let entries: [PermissionEntry] = (try? store?.permissions.entries()) ?? []
            let policy: UnnamedClientPolicy = (try? store?.permissions.unnamedClientPolicy()) ?? .trusted
            state.withLock { state in
                guard !state.loaded else { return }
                state.loaded = true
                state.book = PermissionBook(entries)
                state.policy = policy
            }
        }
        return state.withLock { body(&$0) }
    }

    public var book: PermissionBook { loaded { $0.book } }
    public var policy: UnnamedClientPolicy { loaded { $0.policy } }

    public func setPolicy(_ policy: UnnamedClientPolicy) throws {
        try store()?.permissions.setUnnamedClientPolicy(policy)
        loaded { $0.policy = policy }
    }

    /// nil when `client` may write `type`; else the refusal.
    public func checkWrite(_ type: AuthorizationType, by client: ClientIdentity) -> AuthorizationRefusal? {
        loaded { AccessControl.checkWrite(type, by: client, book: $0.book, policy: $0.policy) }
    }

    public func readScope(for client: ClientIdentity, locked: Bool) throws(AuthorizationRefusal) -> ReadScope {
        let (book, policy) = loaded { ($0.book, $0.policy) }
        return try AccessControl.readScope(for: client, book: book, policy: policy, locked: locked)
    }

    /// Applies a change to the book and stores what changed; the book changes only once stored.
    @discardableResult
    public func change(_ body: (inout PermissionBook) -> [PermissionEntry]) throws -> [PermissionEntry] {
        var draft = loaded { $0.book }
        let changed = body(&draft)
        try store()?.permissions.save(changed)
        loaded { state in
            var book = state.book
            _ = body(&book)
            state.book = book
        }
        return changed
    }

    // MARK: - Questions

    /// Asks the user about the undecided types of `share` and `read`, and waits up to `timeout`
    /// for the answer if a REPL can ask. Returns whether the user was asked (false: nobody can
    /// answer now, or nothing was undecided).
    public func request(client: String, version: String?, share: [AuthorizationType], read: [AuthorizationType],
                        timeout: Duration) async -> Bool {
        let undecided = book.undecided(client, share: share, read: read)
        guard !undecided.share.isEmpty || !undecided.read.isEmpty else { return false }
        let id: Int? = loaded { state in
            guard state.attachedPrompters > 0 else { return nil }
            // The same client asking again while its question is open waits on that question.
            if let open = state.pending.first(where: { $0.question.client == client && Set($0.question.share) == Set(undecided.share)
                                                        && Set($0.question.read) == Set(undecided.read) }) {
                return open.question.id
            }
            state.nextID += 1
            let question = AuthorizationQuestion(id: state.nextID, client: client, version: version,
                                                 share: undecided.share, read: undecided.read)
            state.pending.append((question, []))
            if !state.prompters.isEmpty {
                state.shown.insert(question.id)
                for prompter in state.prompters { prompter.resume(returning: question) }
                state.prompters.removeAll()
            }
            return question.id
        }
        guard let id else { return false }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await withCheckedContinuation { continuation in
                    let stillOpen = self.state.withLock { state -> Bool in
                        guard let index = state.pending.firstIndex(where: { $0.question.id == id }) else { return false }
                        state.pending[index].waiters.append(continuation)
                        return true
                    }
                    if !stillOpen { continuation.resume() }
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                self.expire(id)
            }
            await group.next()
            group.cancelAll()
        }
        return true
    }

    /// A question nobody answered in time is withdrawn (its requests return notDetermined).
    private func expire(_ id: Int) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard let index = state.pending.firstIndex(where: { $0.question.id == id }) else { return [] }
            return state.pending.remove(at: index).waiters
        }
        waiters.forEach { $0.resume() }
    }

    /// A REPL says it can ask questions from now on (until `detachPrompter`).
    public func attachPrompter() { loaded { $0.attachedPrompters += 1 } }

    public func detachPrompter() {
        let orphaned = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.attachedPrompters = max(0, state.attachedPrompters - 1)
            guard state.attachedPrompters == 0 else { return [] }
            // Nobody is left to answer: the waiting requests return (undecided).
            defer { state.pending.removeAll(); state.shown.removeAll() }
            return state.pending.flatMap(\.waiters)
        }
        orphaned.forEach { $0.resume() }
    }

    /// The next question not yet shown, waiting for one (a REPL's long poll). nil when cancelled.
    public func nextQuestion() async -> AuthorizationQuestion? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<AuthorizationQuestion?, Never>) in
                let ready = state.withLock { state -> AuthorizationQuestion?? in
                    if let next = state.pending.first(where: { !state.shown.contains($0.question.id) })?.question {
                        state.shown.insert(next.id)
                        return .some(next)
                    }
                    if Task.isCancelled { return .some(nil) }
                    state.prompters.append(continuation)
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let prompters = state.withLock { state in
                defer { state.prompters.removeAll() }
                return state.prompters
            }
            prompters.forEach { $0.resume(returning: nil) }
        }
    }

    /// The questions still open (for a REPL that attaches late, and for tests).
    public var openQuestions: [AuthorizationQuestion] { state.withLock { $0.pending.map(\.question) } }

    /// Records the user's answer to question `id` and releases the requests waiting on it.
    /// Throws `UnknownQuestion` when it is no longer open, or the store's error.
    public func answer(_ id: Int, with answer: AuthorizationAnswer) throws -> [PermissionEntry] {
        guard let question = state.withLock({ $0.pending.first { $0.question.id == id }?.question }) else {
            throw UnknownQuestion(id: id)
        }
        let changed = try change { $0.record(answer, to: question) }
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard let index = state.pending.firstIndex(where: { $0.question.id == id }) else { return [] }
            state.shown.remove(id)
            return state.pending.remove(at: index).waiters
        }
        waiters.forEach { $0.resume() }
        return changed
    }
}

/// An answer to a question that was already answered, withdrawn, or never asked.
public struct UnknownQuestion: Error, Sendable, CustomStringConvertible {
    public var id: Int
    public var description: String { "no open permission question \(id) (already answered or withdrawn)" }
}
