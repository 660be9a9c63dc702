// SSE framing as an EventSource parses it (WHATWG HTML §9.2.6): every line break of the data
// becomes a `data:` line, a blank line ends the event, no field can be split by a line break.

import CoachWeb
import Testing

@Suite struct EventStreamFrameTests {
    @Test func eventWithNameIDAndData() {
        #expect(EventStreamFrame(event: "status", id: "r-1", data: #"{"a":1}"#).text == "event: status\nid: r-1\ndata: {\"a\":1}\n\n")
    }

    @Test func dataOnlyHasNoEventOrIDField() {
        #expect(EventStreamFrame(data: "x").text == "data: x\n\n")
    }

    @Test func everyKindOfLineBreakInDataStartsADataLine() {
        #expect(EventStreamFrame(data: "a\nb\r\nc\rd").text == "data: a\ndata: b\ndata: c\ndata: d\n\n")
        // A trailing break is kept: the browser joins the lines with \n and gets "x\n" back.
        #expect(EventStreamFrame(data: "x\n").text == "data: x\ndata: \n\n")
        #expect(EventStreamFrame(data: "").text == "data: \n\n")
    }

    @Test func lineBreaksCannotInjectFieldsThroughNameOrID() {
        let frame = EventStreamFrame(event: "status\ndata: forged", id: "1\r\nretry: 1\0", data: "ok")
        #expect(frame.text == "event: statusdata: forged\nid: 1retry: 1\ndata: ok\n\n")
    }

    @Test func commentsAndRetry() {
        #expect(EventStreamFrame.comment("heartbeat") == ": heartbeat\n\n")
        #expect(EventStreamFrame.comment("a\nb") == ": a\n: b\n\n")
        #expect(EventStreamFrame.retry(milliseconds: 1000) == "retry: 1000\n\n")
        #expect(EventStreamFrame.retry(milliseconds: -5) == "retry: 0\n\n")
    }
}
