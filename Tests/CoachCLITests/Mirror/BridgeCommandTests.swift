// `coach bridge`: stdin/stdout joined to the gateway socket, ending as docker's dial-stdio does.

import CoachGateway
import Foundation
import XCTest

final class BridgeCommandTests: XCTestCase {
    func testBridgeAnswersPipelinedRequestsThenExitsAtEndOfInput() async throws {
        let home = try ScratchHome()
        let gateway = try await BackgroundGateway(home: home)
        let binary = try XCTUnwrap(CoachBinary.path())
        // Both requests are answered even though stdin ends right after them: the bridge
        // half-closes and waits for the gateway's side to finish.
        let input = #"{"jsonrpc":"2.0","id":1,"method":"ping"}"# + "\n" + #"{"jsonrpc":"2.0","id":2,"method":"status"}"# + "\n"
        let result = try await runProcess(binary, ["bridge"], environment: home.environment, stdin: input)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, result.stdout)
        XCTAssertEqual(try JSONValue(parsing: lines[0])["result"]?.stringValue, "pong")
        XCTAssertEqual(try JSONValue(parsing: lines[1])["result"]?["code"]?.stringValue, "success")
        try await gateway.stop()
        // No gateway: the exit status a mirror reads as "start one there".
        let none = try await runProcess(binary, ["bridge"], environment: home.environment, stdin: "")
        XCTAssertEqual(none.status, 69)
        XCTAssertTrue(none.stderr.contains("coach serve"), none.stderr)
    }
}
