// The class board's model, on a hand-driven clock: riders appear from their state and availability
// topics, a last will or 10 s of silence greys them, 60 s removes them, an empty retained state
// takes a rider off at once, other classes and malformed topics are ignored, and the order puts
// riders still riding first, by the chosen metric, then by name.

import CoachCore
import CoachMQTT
import CoachWire
import Testing

@Suite struct ClassBoardTests {
    static func at(_ seconds: Double) -> MonotonicInstant { MonotonicInstant(nanoseconds: Int64(seconds * 1e9)) }
    static func state(_ phase: String = "running", elapsed: Int = 60, power: Int? = 200, heartRate: String = "140") -> [UInt8] {
        Array(#"{"state":"\#(phase)","elapsed":\#(elapsed),"heart_rate":\#(heartRate),"power":\#(power.map(String.init) ?? "null"),"locked":false}"#.utf8)
    }

    static func board(_ riders: [(String, Int?)] = []) -> ClassBoard {
        var board = ClassBoard(classID: "spin")
        for (id, power) in riders {
            _ = board.received(topic: "coach/class/spin/\(id)/state", payload: state(power: power), at: at(0), wallClock: 1000)
        }
        return board
    }

    @Test func filtersAreTheClassStateAndAvailability() {
        #expect(ClassBoard(classID: "spin").filters == ["coach/class/spin/+/state", "coach/class/spin/+/availability"])
    }

    @Test func aStateAddsTheRiderWithItsValues() throws {
        var board = Self.board()
        let changes = board.received(topic: "coach/class/spin/anna/state", payload: Self.state(elapsed: 75), at: Self.at(1), wallClock: 1234.5)
        let rider = try #require(board.riders["anna"])
        #expect(changes == [.updated(rider)])
        #expect(rider.phase == "running")
        #expect(rider.elapsed == 75)
        #expect(rider.number("power") == 200)
        #expect(rider.heardAt == 1234.5)
        #expect(!rider.gone)
    }

    @Test func theLastWillGreysAtOnceAndOnlineBringsItBack() throws {
        var board = Self.board([("anna", 200)])
        let gone = board.received(topic: "coach/class/spin/anna/availability", payload: Array("offline".utf8), at: Self.at(1), wallClock: 1)
        #expect(gone.count == 1)
        guard case .gone(let rider) = gone.first else { Issue.record("expected gone, got \(gone)"); return }
        #expect(rider.offline && rider.gone)
        // A retained state arriving after the will does not make a dead gateway look alive.
        _ = board.received(topic: "coach/class/spin/anna/state", payload: Self.state(), at: Self.at(1.1), wallClock: 1)
        #expect(board.riders["anna"]?.gone == true)
        _ = board.received(topic: "coach/class/spin/anna/availability", payload: Array("online".utf8), at: Self.at(2), wallClock: 2)
        #expect(board.riders["anna"]?.gone == false)
    }

    @Test func tenSecondsOfSilenceGreyAndSixtyRemove() {
        var board = Self.board([("anna", 200)])
        #expect(board.tick(at: Self.at(9.9)) == [])
        #expect(board.deadline == Self.at(10))
        let greyed = board.tick(at: Self.at(10))
        #expect(greyed.count == 1)
        #expect(board.riders["anna"]?.gone == true)
        #expect(board.tick(at: Self.at(30)) == [], "greyed once, not every tick")
        #expect(board.deadline == Self.at(60))
        #expect(board.tick(at: Self.at(60)) == [.removed(id: "anna")])
        #expect(board.riders.isEmpty)
    }

    @Test func aHeardRiderStaysOnTheBoard() {
        var board = Self.board([("anna", 200)])
        _ = board.received(topic: "coach/class/spin/anna/state", payload: Self.state("paused"), at: Self.at(8), wallClock: 8)
        #expect(board.tick(at: Self.at(15)) == [])
        #expect(board.riders["anna"]?.phase == "paused")
    }

    @Test func anEmptyRetainedStateRemovesTheRider() {
        var board = Self.board([("anna", 200)])
        #expect(board.received(topic: "coach/class/spin/anna/state", payload: [], at: Self.at(1), wallClock: 1) == [.removed(id: "anna")])
        #expect(board.received(topic: "coach/class/spin/ben/state", payload: [], at: Self.at(1), wallClock: 1) == [])
    }

    @Test func otherClassesAndMalformedMessagesAreIgnored() {
        var board = Self.board()
        #expect(board.received(topic: "coach/class/yoga/anna/state", payload: Self.state(), at: Self.at(0), wallClock: 0) == [])
        #expect(board.received(topic: "coach/class/spin/anna/extra/state", payload: Self.state(), at: Self.at(0), wallClock: 0) == [])
        #expect(board.received(topic: "coach/class/spin/anna/state", payload: Array("not json".utf8), at: Self.at(0), wallClock: 0) == [])
        #expect(board.received(topic: "coach/class/spin/anna/result", payload: Array("{}".utf8), at: Self.at(0), wallClock: 0) == [])
        #expect(board.riders.isEmpty)
    }

    @Test func rowsByMetricHighestFirstGoneLastNamesBreakTies() {
        var board = Self.board([("cara", 150), ("anna", 250), ("ben", nil), ("dan", 250), ("eve", 300)])
        _ = board.received(topic: "coach/class/spin/eve/availability", payload: Array("offline".utf8), at: Self.at(0), wallClock: 0)
        #expect(board.rows(by: .power).map(\.id) == ["anna", "dan", "cara", "ben", "eve"])
        #expect(board.rows(by: .name).map(\.id) == ["anna", "ben", "cara", "dan", "eve"])
    }

    @Test func jsonLinesCarryTheStateAndTheBoardsView() throws {
        var board = Self.board()
        let change = try #require(board.received(topic: "coach/class/spin/anna/state", payload: Self.state(heartRate: #""unavailable""#),
                                                 at: Self.at(0), wallClock: 1700000000.25).first)
        let json = try JSONValue(parsing: change.jsonLine)
        #expect(json["rider"] == "anna")
        #expect(json["gone"] == false)
        #expect(json["heard"] == .number(1700000000.25))
        #expect(json["heart_rate"] == "unavailable")
        #expect(json["power"] == 200)
        #expect(try JSONValue(parsing: ClassBoard.Change.removed(id: "ben").jsonLine)["removed"] == true)
    }
}
