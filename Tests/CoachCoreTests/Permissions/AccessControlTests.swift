// The permission model as values: decisions per client, type and access; the write check with
// HealthKit's codes; read scopes that narrow silently; the lock; the unnamed-client policy; the
// REPL question's words and answers.

import CoachCore
import Testing

@Suite("Permissions: book, access control, questions")
struct AccessControlTests {
    let bridge = ClientIdentity.named("hr-bridge", version: "1.2")
    let heart = AuthorizationType.quantity(.heartRate)

    @Test func aNamedClientNobodyAnsweredIsNotDetermined() {
        let refusal = AccessControl.checkWrite(heart, by: bridge, book: PermissionBook(), policy: .trusted)
        #expect(refusal?.code == "errorAuthorizationNotDetermined")
        #expect(refusal?.message.contains("coach permissions grant hr-bridge --share heartRate") == true)
    }

    @Test func allowedThenDeniedPerTypeAndAccess() {
        var book = PermissionBook()
        let changed = book.set("hr-bridge", .share, [heart, .quantity(.power)], to: .allowed)
        #expect(changed.count == 2)
        #expect(AccessControl.checkWrite(heart, by: bridge, book: book, policy: .trusted) == nil)
        // Allowing to write is not allowing to read, nor another type.
        #expect(book.decision("hr-bridge", .read, heart) == .notDetermined)
        #expect(AccessControl.checkWrite(.quantity(.distance), by: bridge, book: book, policy: .trusted)?.code
                == "errorAuthorizationNotDetermined")
        _ = book.set("hr-bridge", .share, [heart], to: .denied)
        #expect(AccessControl.checkWrite(heart, by: bridge, book: book, policy: .trusted)?.code == "errorAuthorizationDenied")
        #expect(book.shareStatus("hr-bridge", heart) == .sharingDenied)
        #expect(book.shareStatus("hr-bridge", .quantity(.power)) == .sharingAuthorized)
        // Setting the same decision again changes nothing to store.
        #expect(book.set("hr-bridge", .share, [heart], to: .denied).isEmpty)
    }

    @Test func resetForgetsEveryDecisionOfThatClientOnly() {
        var book = PermissionBook()
        _ = book.set("a", .share, [heart], to: .allowed)
        _ = book.set("a", .read, [.workouts], to: .denied)
        _ = book.set("b", .share, [heart], to: .allowed)
        let forgotten = book.reset("a")
        #expect(forgotten.count == 2 && forgotten.allSatisfy { $0.decision == .notDetermined })
        #expect(book.clients == ["b"])
        // Reloading from stored entries gives the same book.
        #expect(PermissionBook(book.entries(of: "b")) == book)
    }

    @Test func theUserAndTrustedUnnamedClientsNeedNoPermission() {
        let book = PermissionBook()
        #expect(AccessControl.checkWrite(heart, by: .user, book: book, policy: .ask) == nil)
        #expect(AccessControl.checkWrite(heart, by: .unnamed(executable: "socat"), book: book, policy: .trusted) == nil)
        let asked = AccessControl.checkWrite(heart, by: .unnamed(executable: "socat"), book: book, policy: .ask)
        #expect(asked?.client == "socat")
        #expect(asked?.code == "errorAuthorizationNotDetermined")
        #expect(ClientIdentity.unnamed(executable: nil).governedName(policy: .ask) == "unknown")
    }

    @Test func aDeniedReadIsNarrowedToTheClientsOwnWritesNeverRefused() throws {
        var book = PermissionBook()
        _ = book.set("hr-bridge", .read, [.workouts], to: .allowed)
        _ = book.set("hr-bridge", .read, [heart], to: .denied)
        let scope = try AccessControl.readScope(for: bridge, book: book, policy: .trusted, locked: false)
        #expect(scope.allows(.workouts, sourceName: "coach"))
        #expect(!scope.allows(heart, sourceName: "coach"))
        #expect(scope.allows(heart, sourceName: "hr-bridge"))
        #expect(!scope.allows(heart, sourceName: nil))
        #expect(try AccessControl.readScope(for: .user, book: book, policy: .ask, locked: false) == .everything)
    }

    @Test func lockedRefusesEveryReaderWithTheDatabaseCode() throws {
        for client in [ClientIdentity.user, bridge, .unnamed(executable: nil)] {
            #expect(throws: AuthorizationRefusal.self) {
                _ = try AccessControl.readScope(for: client, book: PermissionBook(), policy: .trusted, locked: true)
            }
            do {
                _ = try AccessControl.readScope(for: client, book: PermissionBook(), policy: .trusted, locked: true)
            } catch {
                #expect(error.code == "errorDatabaseInaccessible")
                #expect(error.message.contains("coach unlock"))
            }
        }
    }

    @Test func theQuestionNamesTheClientAndTypesAndTakesYesNoOrChoose() {
        let question = AuthorizationQuestion(id: 1, client: "hr-bridge", share: [heart], read: [.workouts])
        #expect(question.text == "hr-bridge would like to write heart rate and read workouts. Allow? [y/N/choose]")
        let more = AuthorizationQuestion(id: 2, client: "x", share: [heart, .quantity(.power), .quantity(.cadence)], read: [])
        #expect(more.text == "x would like to write heart rate, power and cadence. Allow? [y/N/choose]")
    }

    @Test func answersBecomeDecisions() {
        let question = AuthorizationQuestion(id: 1, client: "hr-bridge", share: [heart, .quantity(.power)], read: [.workouts])
        var book = PermissionBook()
        _ = book.record(.chosen(allowed: [.init(.share, heart)]), to: question)
        #expect(book.decision("hr-bridge", .share, heart) == .allowed)
        #expect(book.decision("hr-bridge", .share, .quantity(.power)) == .denied)
        #expect(book.decision("hr-bridge", .read, .workouts) == .denied)
        // Asked again, nothing is undecided.
        let undecided = book.undecided("hr-bridge", share: [heart, .quantity(.power)], read: [.workouts])
        #expect(undecided.share.isEmpty && undecided.read.isEmpty)
        var yes = PermissionBook()
        #expect(yes.record(.allowAll, to: question).count == 3)
        #expect(yes.decision("hr-bridge", .read, .workouts) == .allowed)
    }

    @Test func typeNamesParseWithAliasesAndRefuseUnknownOnes() throws {
        #expect(try AuthorizationType.parseList("heartRate, power,workouts").get() == [heart, .quantity(.power), .workouts])
        #expect(try AuthorizationType.parseList("hr,hr").get() == [heart])
        #expect(try AuthorizationType.parseList("all").get().count == AuthorizationType.allCases.count)
        guard case .failure(let unknown) = AuthorizationType.parseList("heartRate,bloodGlucose") else {
            Issue.record("bloodGlucose accepted")
            return
        }
        #expect(unknown.name == "bloodGlucose")
        for type in AuthorizationType.allCases { #expect(AuthorizationType(name: type.name) == type) }
    }
}
