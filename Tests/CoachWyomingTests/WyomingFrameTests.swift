// Wyoming's framing: header lines with inline data, data_length data merged in, payloads skipped,
// frames split across reads, and the protocol errors that close a connection.

import CoachWire
import CoachWyoming
import Testing

@Suite struct WyomingFrameTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func aDescribeWithoutData() throws {
        var decoder = WyomingDecoder()
        #expect(try decoder.feed(Self.bytes(#"{"type":"describe"}"# + "\n")) == [WyomingFrame(type: "describe")])
    }

    @Test func dataLengthDataIsMergedIntoInlineData() throws {
        var decoder = WyomingDecoder()
        let data = #"{"text":"pause"}"#
        let frames = try decoder.feed(Self.bytes(#"{"type":"recognize","data":{"context":{}},"data_length":\#(data.utf8.count)}"# + "\n" + data))
        #expect(frames.first?.data["text"] == "pause")
        #expect(frames.first?.data["context"] != nil)
    }

    @Test func aFrameSplitAcrossReadsWaitsForItsRest() throws {
        var decoder = WyomingDecoder()
        let whole = Self.bytes(#"{"type":"transcript","data_length":15}"# + "\n" + #"{"text":"stop"}"# + #"{"type":"describe"}"# + "\n")
        var frames: [WyomingFrame] = []
        for byte in whole { frames += try decoder.feed([byte]) }
        #expect(frames.map(\.type) == ["transcript", "describe"])
        #expect(frames.first?.data["text"] == "stop")
    }

    @Test func aPayloadIsSkipped() throws {
        var decoder = WyomingDecoder()
        let frames = try decoder.feed(Self.bytes(#"{"type":"audio-chunk","payload_length":4}"# + "\nabcd" + #"{"type":"ping"}"# + "\n"))
        #expect(frames.map(\.type) == ["audio-chunk", "ping"])
    }

    @Test func notWyomingIsAProtocolError() {
        for bad in ["not json\n", #"{"data":{}}"# + "\n", #"["type"]"# + "\n", #"{"type":"x","data_length":-1}"# + "\n",
                    #"{"type":"x","data_length":2}"# + "\n[]"] {
            var decoder = WyomingDecoder()
            #expect(throws: WyomingProtocolError.self, "\(bad)") { try decoder.feed(Self.bytes(bad)) }
        }
        var endless = WyomingDecoder()
        #expect(throws: WyomingProtocolError.self) { try endless.feed([UInt8](repeating: 65, count: 70_000)) }
    }

    @Test func encodingPutsTheDataAfterTheHeader() throws {
        let frame = WyomingFrame(type: "handled", data: ["text": "Paused."])
        let text = String(decoding: frame.encoded, as: UTF8.self)
        let lines = text.split(separator: "\n", maxSplits: 1)
        let header = try JSONValue(parsing: String(lines[0]))
        #expect(header["type"] == "handled")
        #expect(header["data_length"]?.intValue == String(lines[1]).utf8.count)
        var decoder = WyomingDecoder()
        #expect(try decoder.feed(frame.encoded) == [frame])
    }

    @Test func infoListsAnIntentAndAHandleServiceInEnglishAndJapanese() {
        let info = WyomingReplies.info(version: "1").data
        for kind in ["intent", "handle"] {
            #expect(info[kind]?.serialized().contains(#""languages":["en","ja"]"#) == true, "\(kind)")
        }
    }

    @Test func recognitionsBecomeIntentsOrNotRecognized() throws {
        let recognized = try ParseResult(parsing: #"{"text":"pause","lang":"en","intent":"PauseWorkout","slots":{"activity":"running"},"confidence":1}"#)
        let intent = WyomingReplies.recognized(recognized, text: "pause")
        #expect(intent.type == "intent")
        #expect(intent.data["name"] == "PauseWorkout")
        #expect(intent.data["entities"] == [["name": "activity", "value": "running"]])
        let none = try ParseResult(parsing: #"{"text":"hi","lang":"en","intent":null,"slots":{},"confidence":0}"#)
        #expect(WyomingReplies.recognized(none, text: "hi") == WyomingFrame(type: "not-recognized", data: ["text": "hi"]))
    }

    @Test func anAnswerIsHandledUnlessNotUnderstood() {
        let refused = #"{"jsonrpc":"2.0","id":1,"result":{"code":"failureNoMatchingWorkout","message":"Nothing to pause."}}"#
        #expect(WyomingReplies.handled(reply: refused) == WyomingFrame(type: "handled", data: ["text": "Nothing to pause."]))
        let missed = #"{"jsonrpc":"2.0","id":1,"result":{"code":"notUnderstood","message":"Sorry?"}}"#
        #expect(WyomingReplies.handled(reply: missed).type == "not-handled")
    }
}
