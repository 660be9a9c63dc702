// The stream limits as state: the 65th stream is refused until one leaves; a client that cannot
// take events skips them and is dropped after `limit` in a row, and one it takes forgives all.

import CoachWeb
import Testing

@Suite struct StreamLimitsTests {
    @Test func admissionCountsToTheMaximum() {
        var admission = StreamAdmission(maximum: 64)
        for _ in 0..<64 { let admitted = admission.admit(); #expect(admitted) }
        let r1 = admission.admit()
        #expect(!r1)
        #expect(admission.open == 64)
        admission.release()
        let r2 = admission.admit()
        #expect(r2)
        let r3 = admission.admit()
        #expect(!r3)
    }

    @Test func releasingNeverGoesBelowZero() {
        var admission = StreamAdmission(maximum: 1)
        admission.release()
        #expect(admission.open == 0)
        let r4 = admission.admit()
        #expect(r4)
        let r5 = admission.admit()
        #expect(!r5)
    }

    @Test func aStuckReaderSkipsThenIsDropped() {
        var reader = SlowReader(limit: 3)
        let r6 = reader.event(writable: true)
        #expect(r6 == .write)
        let r7 = reader.event(writable: false)
        #expect(r7 == .skip)
        let r8 = reader.event(writable: false)
        #expect(r8 == .skip)
        let r9 = reader.event(writable: false)
        #expect(r9 == .drop)
    }

    @Test func aReaderThatCatchesUpStartsAfresh() {
        var reader = SlowReader(limit: 3)
        let r10 = reader.event(writable: false)
        #expect(r10 == .skip)
        let r11 = reader.event(writable: false)
        #expect(r11 == .skip)
        let r12 = reader.event(writable: true)
        #expect(r12 == .write)
        #expect(reader.skipped == 0)
        let r13 = reader.event(writable: false)
        #expect(r13 == .skip)
        let r14 = reader.event(writable: false)
        #expect(r14 == .skip)
        let r15 = reader.event(writable: false)
        #expect(r15 == .drop)
    }
}
