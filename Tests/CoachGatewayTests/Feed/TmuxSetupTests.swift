// `coach tmux setup`: the plan (pure) and its application on a private server.

import Testing
@testable import CoachGateway

@Suite struct TmuxSetupTests {
    @Test func placesTheOptionBeforeTheExistingStatusRight() {
        let changes = TmuxSetup.plan(statusLeft: "[#S] ", statusRight: "%H:%M", statusRightLength: 40, statusInterval: 15)
        #expect(changes.first { $0.option == "status-right" }?.new == "#{@coach} %H:%M")
        #expect(changes.first { $0.option == "status-right-length" }?.new == "80")
        #expect(changes.first { $0.option == "status-interval" }?.new == nil)
    }

    @Test(arguments: ["#{@coach}", "#{E:@coach}", "#{=30:@coach}", "#{?@coach,#{@coach} ,}"])
    func leavesAnExistingPlacementAlone(placement: String) {
        let left = TmuxSetup.plan(statusLeft: placement, statusRight: "%H:%M", statusRightLength: 40, statusInterval: 15)
        #expect(left.allSatisfy { $0.new == nil })
        let right = TmuxSetup.plan(statusLeft: "", statusRight: "x " + placement, statusRightLength: 40, statusInterval: 15)
        #expect(right.allSatisfy { $0.new == nil })
    }

    @Test func aSimilarlyNamedOptionIsNotAPlacement() {
        let changes = TmuxSetup.plan(statusLeft: "#{@coach_hr}", statusRight: "", statusRightLength: 100, statusInterval: 5)
        #expect(changes.first { $0.option == "status-right" }?.new == "#{@coach}")
        #expect(changes.first { $0.option == "status-right-length" } == nil)
    }

    @Test func applyingTwiceChangesOnlyOnce() async throws {
        try await PrivateTmux.with { (socket: String) async throws in
            let first = try await TmuxSetup.apply(target: .socketName(socket))
            #expect(first.contains { $0.option == "status-right" && $0.new != nil })
            let right = try await PrivateTmux.tmux(["show-options", "-gv", "status-right"], socket: socket)
            #expect(right.hasPrefix("#{@coach} "))
            let second = try await TmuxSetup.apply(target: .socketName(socket))
            #expect(second.allSatisfy { $0.new == nil })
            #expect(try await PrivateTmux.tmux(["show-options", "-gv", "status-right"], socket: socket) == right)
        }
    }
}
