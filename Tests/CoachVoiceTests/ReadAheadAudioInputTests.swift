// A live source is read from the moment it is opened (ReadAheadAudioInput), while `coach listen`
// still builds its decoder: nothing said meanwhile is lost, it comes out in order at the first
// `next()`, and a failure of the source comes after what was read before it.

@testable import CoachVoice
import Foundation
import Synchronization
import Testing

@Suite struct ReadAheadAudioInputTests {
    /// Gives `chunks`, then fails or ends; counts what was read.
    final class Source: AudioInput, @unchecked Sendable {
        var chunks: [[Int16]]
        let failing: Bool
        let read = Atomic<Int>(0)
        init(_ chunks: [[Int16]], failing: Bool) { self.chunks = chunks; self.failing = failing }
        func next() throws(AudioFormatError) -> [Int16]? {
            guard !chunks.isEmpty else {
                if failing { throw AudioFormatError("the pipe broke") }
                return nil
            }
            read.add(1, ordering: .sequentiallyConsistent)
            return chunks.removeFirst()
        }
    }

    static func waitUntil(_ done: () -> Bool) async {
        for _ in 0 ..< 500 where !done() { try? await Task.sleep(for: .milliseconds(10)) }
    }

    @Test func theSourceIsReadBeforeAnyoneAsksAndKeptInOrder() async throws {
        let source = Source([[1, 2], [3], [4, 5, 6]], failing: false)
        let input = ReadAheadAudioInput(source)
        await Self.waitUntil { source.read.load(ordering: .sequentiallyConsistent) == 3 }
        #expect(source.read.load(ordering: .sequentiallyConsistent) == 3, "read ahead while nobody asked")
        #expect(input.firstChunk.withLock { $0 } != nil)
        var got: [Int16] = []
        while let chunk = try input.next() { got += chunk }
        #expect(got == [1, 2, 3, 4, 5, 6])
        #expect(try input.next() == nil)
    }

    @Test func aFailureComesAfterWhatWasReadBeforeIt() async throws {
        let source = Source([[7, 8]], failing: true)
        let input = ReadAheadAudioInput(source)
        #expect(try input.next() == [7, 8])
        #expect(throws: AudioFormatError.self) { try input.next() }
    }

    /// An endless source (a microphone): after `stop()` it is read no more, so it is let go.
    @Test func stoppingLetsTheSourceGo() async throws {
        final class Endless: AudioInput, @unchecked Sendable {
            let read = Atomic<Int>(0)
            func next() -> [Int16]? {
                usleep(2_000)
                read.add(1, ordering: .sequentiallyConsistent)
                return [0, 0]
            }
        }
        let source = Endless()
        let input = ReadAheadAudioInput(source)
        await Self.waitUntil { source.read.load(ordering: .sequentiallyConsistent) >= 3 }
        input.stop()
        try await Task.sleep(for: .milliseconds(20))  // the read in progress ends
        let afterStop = source.read.load(ordering: .sequentiallyConsistent)
        try await Task.sleep(for: .milliseconds(100))
        #expect(source.read.load(ordering: .sequentiallyConsistent) == afterStop, "still reading after stop()")
    }
}
