// The answer words of Intents/<lang>/_answers.yaml as read: `answers:` (yes / no / dismiss to a
// pending question), `permission:` (the REPL's permission prompt), `save:` (an end that saves).

import Yams

public struct AnswerSection: WordSection {
    var yes: [String] = [], no: [String] = [], dismiss: [String] = []
    public init() {}
    static var lists: [(key: String, path: WritableKeyPath<Self, [String]>)] { [("yes", \.yes), ("no", \.no), ("dismiss", \.dismiss)] }
}

public struct PermissionSection: WordSection {
    var allow: [String] = [], deny: [String] = [], choose: [String] = []
    public init() {}
    static var lists: [(key: String, path: WritableKeyPath<Self, [String]>)] {
        [("allow", \.allow), ("deny", \.deny), ("choose", \.choose)]
    }
}

public struct SaveSection: WordSection {
    var words: [String] = [], except: [String] = []
    public init() {}
    static var lists: [(key: String, path: WritableKeyPath<Self, [String]>)] { [("words", \.words), ("except", \.except)] }
}
