// The REPL's conversation and command parsing, without a terminal: one expectation per turn.

import CoachWire
import CoachCore
import CoachLanguage
import Testing
@testable import coach

@Suite struct ReplSessionTests {
    static let choice = ReplQuestion(kind: .choose(parameter: "activity", options: [
        ReplOption(value: "running", label: "run"), ReplOption(value: "walking", label: "walk"),
    ]), promptLabel: "which workout?")
    static let confirm = ReplQuestion(kind: .confirm, promptLabel: "discard? [y/N]")

    func asking(_ question: ReplQuestion) -> ReplSession {
        var session = ReplSession()
        session.received(ReplReply(text: "?", code: "needsValue", question: question, json: "{}"))
        return session
    }

    /// What a line typed while `question` is asked does.
    func interpreted(_ line: String, asking question: ReplQuestion) -> ReplSession.Step {
        var session = asking(question)
        return session.interpret(line)
    }

    /// Events that come while a line waits for its reply are printed after it; `/wait` and the
    /// REPL's own settings wait for nothing.
    @Test func linesToTheGatewayAwaitAReplyAndWaitDoesNot() {
        let session = ReplSession()
        for line in ["pause", "一時停止", "/status", "/sample heartRate 150", "/lock", "/unlock"] {
            #expect(session.awaitsReply(line), "\(line)")
        }
        for line in ["/wait 5s", "/lang ja", "/json on", "/help", "", "# a comment", "/wait"] {
            #expect(!session.awaitsReply(line), "\(line)")
        }
        #expect(asking(Self.confirm).awaitsReply("y"), "an answer goes to the gateway")
    }

    @Test func aLineIsAnUtterance() {
        var session = ReplSession()
        #expect(session.interpret("  start a run ") == .submit("start a run"))
    }

    @Test func blankLinesAndCommentsDoNothing() {
        var session = ReplSession()
        #expect(session.interpret("") == .nothing)
        #expect(session.interpret("# a comment") == .nothing)
    }

    @Test func aQuestionChangesThePrompt() {
        #expect(ReplSession().prompt == "coach> ")
        #expect(asking(Self.choice).prompt == "which workout? > ")
    }

    @Test func aChoiceIsAnsweredByNumberNameOrValue() {
        var byNumber = asking(Self.choice)
        #expect(byNumber.interpret("2") == .answer(Self.choice, value: "walking"))
        #expect(byNumber.question == nil)
        #expect(interpreted("Run", asking: Self.choice) == .answer(Self.choice, value: "running"))
        #expect(interpreted("walking", asking: Self.choice) == .answer(Self.choice, value: "walking"))
        #expect(interpreted("２", asking: Self.choice) == .answer(Self.choice, value: "walking"))
    }

    @Test func aNonAnswerIsANewCommand() {
        var session = asking(Self.choice)
        #expect(session.interpret("pause") == .submit("pause"))
        #expect(session.question == nil)
    }

    @Test func aConfirmationDefaultsToNo() {
        #expect(interpreted("y", asking: Self.confirm) == .answer(Self.confirm, value: "yes"))
        #expect(interpreted("", asking: Self.confirm) == .answer(Self.confirm, value: "no"))
        #expect(interpreted("いいえ", asking: Self.confirm) == .answer(Self.confirm, value: "no"))
    }

    @Test func ctrlCDropsTheQuestion() {
        var session = asking(Self.choice)
        session.interrupted()
        #expect(session.prompt == "coach> ")
    }

    @Test func ctrlDWarnsOnceThenLeaves() {
        var session = ReplSession()
        #expect(session.endOfFile(warning: "careful") == .warn("careful"))
        #expect(session.endOfFile(warning: "careful") == .leave)
    }

    @Test func anotherLineRearmsTheWarning() {
        var session = ReplSession()
        _ = session.endOfFile(warning: "careful")
        _ = session.interpret("status")
        #expect(session.endOfFile(warning: "careful") == .warn("careful"))
    }

    @Test func ctrlDWithNothingAtStakeLeaves() {
        var session = ReplSession()
        #expect(session.endOfFile(warning: nil) == .leave)
    }
}

@Suite struct ReplCommandTests {
    @Test func commandsParse() throws {
        #expect(try ReplCommand.parse("/status") == .status)
        #expect(try ReplCommand.parse("/sample heartRate 150") == .sample(type: "heartRate", value: 150, unit: nil))
        #expect(try ReplCommand.parse("/sample distance 1.2 km") == .sample(type: "distance", value: 1.2, unit: "km"))
        #expect(try ReplCommand.parse("/lang ja") == .language(.ja))
        #expect(try ReplCommand.parse("/json on") == .json(true))
        #expect(try ReplCommand.parse("/quit") == .quit)
    }

    @Test(arguments: [("60s", 60.0), ("1m30s", 90), ("2m", 120), ("1h", 3600), ("90", 90), ("1.5m", 90), ("1m30", 90)])
    func durationsParse(text: String, seconds: Double) {
        #expect(ReplCommand.parseDuration(text) == .milliseconds(Int64(seconds * 1000)))
    }

    @Test(arguments: ["", "abc", "0s", "5x", "m"])
    func nonsenseIsNoDuration(text: String) {
        #expect(ReplCommand.parseDuration(text) == nil)
    }

    @Test func mistakesAreUsageErrors() {
        #expect(throws: ReplUsageError.self) { try ReplCommand.parse("/wait") }
        #expect(throws: ReplUsageError.self) { try ReplCommand.parse("/lang fr") }
        #expect(throws: ReplUsageError.self) { try ReplCommand.parse("/sample hr fast") }
        #expect(throws: ReplUsageError.self) { try ReplCommand.parse("/dance") }
    }
}

@Suite struct ReplCompleterTests {
    let completer = ReplCompleter(vocabulary: .builtIn)

    @Test func commandsCompleteAtTheStart() {
        #expect(completer.complete(buffer: "", word: "/st") == ["/status"])
        #expect(completer.complete(buffer: "", word: "/l") == ["/lang", "/listen", "/lock"])
    }

    @Test func argumentsCompleteByCommand() {
        #expect(completer.complete(buffer: "/lang ", word: "") == ["en", "ja"])
        #expect(completer.complete(buffer: "/sample ", word: "he") == ["heartRate"])
    }

    @Test func workoutWordsCompleteInBothLanguages() {
        // The recogniser's phrases ("outdoors", "yoga class") come along; the plain word first.
        #expect(completer.complete(buffer: "start an ", word: "outd").first == "outdoor")
        #expect(completer.complete(buffer: "start a ", word: "yo").first == "yoga")
        #expect(completer.complete(buffer: "", word: "ラン").contains("ランニング"))
        #expect(completer.complete(buffer: "", word: "屋").contains("屋外"))
    }
}

/// Completion comes from the recogniser's vocabulary (issue #16 item 4): every word offered is a
/// word of Intents/<lang>/, so a completed line is one the recogniser knows.
@Suite struct ReplVocabularyFromRecognizerTests {
    @Test func completionWordsAreRecognizerWords() throws {
        let recognizer = try Recognizer(intentsDirectory: #require(Recognizer.builtInIntentsDirectory()))
        let words = Set(Language.allCases.flatMap { recognizer.completionWords.words(for: $0) })
        let v = ReplVocabulary.builtIn
        #expect(!v.activities.isEmpty && !v.verbs.isEmpty && !v.units.isEmpty)
        for w in v.verbs + v.activities + v.locations + v.units { #expect(words.contains(w), "\(w)") }
        #expect(v.verbs.contains("pause"))
    }
}
