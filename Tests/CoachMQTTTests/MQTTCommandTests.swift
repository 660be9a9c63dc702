// A command payload becomes one JSON-RPC request (a button's word its method, anything else
// `say`), and the router's reply becomes the result topic's answer.

import CoachMQTT
import CoachWire
import Testing

@Suite struct MQTTCommandTests {
    @Test func aButtonsWordIsItsMethod() throws {
        let line = try MQTTCommand(payload: Array(" Pause\n".utf8)).request.get()
        #expect(line == #"{"jsonrpc":"2.0","id":1,"method":"pause"}"#)
    }

    @Test func anythingElseIsSaid() throws {
        let line = try MQTTCommand("start a 30 minute run").request.get()
        #expect(try JSONValue(parsing: line)["params"]?["text"] == "start a 30 minute run")
        #expect(try JSONValue(parsing: line)["method"] == "say")
    }

    @Test func emptyAndOversizedAreRefused() {
        #expect(throws: MQTTCommandRefusal.self) { try MQTTCommand("").request.get() }
        #expect(throws: MQTTCommandRefusal.self) { try MQTTCommand(String(repeating: "a", count: 1001)).request.get() }
    }

    @Test func aFailureKeepsItsWords() {
        let reply = #"{"jsonrpc":"2.0","id":1,"result":{"code":"failureNoMatchingWorkout","message":"There's no workout to pause."}}"#
        let result = MQTTCommandResult(command: MQTTCommand("pause"), reply: reply, successMessage: false)
        #expect(result.text == #"{"command":"pause","code":"failureNoMatchingWorkout","ok":false,"message":"There's no workout to pause."}"#)
    }

    @Test func aSuccessSaysItsWordsOnlyToAClientThatMayReadEverything() {
        let reply = #"{"jsonrpc":"2.0","id":1,"result":{"code":"success","message":"Lap 2: 1.0 km."}}"#
        #expect(MQTTCommandResult(command: MQTTCommand("lap"), reply: reply, successMessage: false).text
                == #"{"command":"lap","code":"success","ok":true}"#)
        #expect(MQTTCommandResult(command: MQTTCommand("lap"), reply: reply, successMessage: true).message == "Lap 2: 1.0 km.")
    }

    @Test func anErrorReplyKeepsItsCode() {
        let reply = #"{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"refused","data":{"code":"errorAuthorizationDenied"}}}"#
        let result = MQTTCommandResult(command: MQTTCommand("pause"), reply: reply, successMessage: true)
        #expect(result.code == "errorAuthorizationDenied")
        #expect(!result.ok)
    }
}
