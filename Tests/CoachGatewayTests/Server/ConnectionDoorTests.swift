// ConnectionDoor's decisions with the time given: the deadline for a whole request, which waiting
// connection makes room for a newcomer, per-address limits, and connections being answered or
// streaming never displaced.

import CoachGateway
import Testing

@Suite("Connection door")
struct ConnectionDoorTests {
    let t0 = ContinuousClock.now

    func door(connections: Int = 3, perPeer: Int? = nil) -> ConnectionDoor<Int> {
        ConnectionDoor(limits: DoorLimits(connections: connections, perPeer: perPeer, deadline: .seconds(5), grace: .milliseconds(500)))
    }

    @Test func aRequestMustArriveWholeBeforeTheDeadlineHoweverItTrickles() {
        var door = door()
        #expect(door.arrive(1, peer: "a", now: t0) == .admit(closing: []))
        #expect(door.arrive(2, peer: "a", now: t0 + .seconds(1)) == .admit(closing: []))
        for second in 1...4 { door.received(1, bytes: 1); #expect(door.expire(now: t0 + .seconds(second)).isEmpty) }
        #expect(door.expire(now: t0 + .seconds(5)) == [1], "a byte every second does not buy more time")
        #expect(door.expire(now: t0 + .seconds(6)) == [2])
        #expect(door.count == 0)
    }

    @Test func theDeadlineRestartsWithEachAnswerAndPausesWhileAnswering() {
        var door = door()
        _ = door.arrive(1, peer: "a", now: t0)
        door.requestArrived(1)
        #expect(door.expire(now: t0 + .seconds(60)).isEmpty, "a slow answer is not the client's fault")
        door.answered(1, now: t0 + .seconds(60))
        #expect(door.expire(now: t0 + .seconds(64)).isEmpty)
        #expect(door.expire(now: t0 + .seconds(65)) == [1])
    }

    @Test func whenFullTheConnectionThatSentTheLeastForTheLongestMakesRoom() {
        var door = door()
        _ = door.arrive(1, peer: "a", now: t0)
        _ = door.arrive(2, peer: "a", now: t0 + .seconds(1))
        _ = door.arrive(3, peer: "a", now: t0 + .seconds(2))
        door.received(1, bytes: 40)  // the oldest has sent the most: kept
        #expect(door.arrive(4, peer: "b", now: t0 + .seconds(3)) == .admit(closing: [2]), "silent, and longer than 3")
        #expect(door.arrive(5, peer: "b", now: t0 + .seconds(3)) == .admit(closing: [3]))
        #expect(door.count == 3)
    }

    @Test func aNewcomerHasAGraceToSendItsRequest() {
        var door = door()
        _ = door.arrive(1, peer: "a", now: t0)
        door.received(1, bytes: 5)
        _ = door.arrive(2, peer: "a", now: t0 + .milliseconds(500))
        door.received(2, bytes: 5)
        // 3 has sent nothing but has just come: the older ones with bytes go first.
        _ = door.arrive(3, peer: "b", now: t0 + .seconds(2))
        #expect(door.arrive(4, peer: "c", now: t0 + .seconds(2) + .milliseconds(100)) == .admit(closing: [1]))
        // Past its grace, sending nothing is the least.
        #expect(door.arrive(5, peer: "c", now: t0 + .seconds(3)) == .admit(closing: [3]))
    }

    @Test func connectionsBeingAnsweredAreNeverDisplaced() {
        var door = door(connections: 2)
        _ = door.arrive(1, peer: "a", now: t0)
        _ = door.arrive(2, peer: "a", now: t0)
        door.requestArrived(1)
        door.requestArrived(2)
        #expect(door.arrive(3, peer: "b", now: t0 + .seconds(1)) == .refuse)
        #expect(door.count == 2, "the refused one took no place")
        door.leave(1)  // became a stream (its port counts it) or closed
        #expect(door.arrive(3, peer: "b", now: t0 + .seconds(1)) == .admit(closing: []))
    }

    @Test func onePeerMakesRoomFromItsOwnConnections() {
        var door = door(connections: 10, perPeer: 2)
        _ = door.arrive(1, peer: "a", now: t0)
        _ = door.arrive(2, peer: "b", now: t0)
        _ = door.arrive(3, peer: "a", now: t0 + .seconds(1))
        #expect(door.count(peer: "a") == 2)
        // a's third: a's own silent oldest goes, b's older one is untouched.
        #expect(door.arrive(4, peer: "a", now: t0 + .seconds(2)) == .admit(closing: [1]))
        #expect(door.count(peer: "a") == 2 && door.count(peer: "b") == 1)
        door.requestArrived(3)
        door.requestArrived(4)
        #expect(door.arrive(5, peer: "a", now: t0 + .seconds(3)) == .refuse, "a's two are both being answered")
        #expect(door.arrive(6, peer: "c", now: t0 + .seconds(3)) == .admit(closing: []))
    }

    @Test func bytesCountOnlyWhileWaitingForARequest() {
        var door = door(connections: 2)
        _ = door.arrive(1, peer: "a", now: t0)
        _ = door.arrive(2, peer: "a", now: t0)
        door.requestArrived(1)
        door.received(1, bytes: 1000)  // a pipelined or body byte while answered
        door.answered(1, now: t0 + .seconds(1))
        door.received(2, bytes: 1)
        // 1 has sent nothing of its next request: it is the one with the least.
        #expect(door.arrive(3, peer: "b", now: t0 + .seconds(2)) == .admit(closing: [1]))
    }
}
