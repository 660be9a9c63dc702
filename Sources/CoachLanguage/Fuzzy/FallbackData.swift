// FallbackData: the vocabulary of the fallback (what the recogniser does when no template
// matches), from the `fallback:` key of Intents/<lang>/*.yaml (FallbackWords; hassil ignores it):
//
//   fallback:
//     cues:            {Intent: [phrase, …]}   phrases that signal an intent ("for a sec" → Pause)
//     negative_words:  [word, …]               objects that are not workouts (music, 音楽 …)
//     activity_hints:  {word: activityId}      nouns that imply an activity ("pool" → swimming)
//     goals:           [{in, value, unit}]     set phrases with a goal ("half an hour" → 30 minute)
//     location_ignore: [word, …]               location words too vague on their own ("out")
//     questions:                               questions that are about the workout only when
//       intent: WorkoutStatus                  the line refers to the user ("how far have I gone")
//       cues: [phrase, …]                      or asks about nothing else ("how far?"); otherwise
//       self: [phrase, …]                      ("how far is the airport") the line is not
//       allowed: [word, …]                     understood at all (see FuzzyModel.recognize)
//     stop_words:      [word, …]               function words: never vote, count as explained
//     fillers:         [phrase, …]             qualifiers that are explained but never vote
//     objects:         [phrase, …]             workout nouns a StartWorkout guess must be bound to
//     question_starts: [word, …]               first words that make a line a question
//     question_leads:  [word, …]               words before a question word that keep it one ("so what …")
//     verbs:           {Intent: [phrase, …]}   command words; a guess with no workout object,
//                                              activity or place needs one (else only suggested)
//     statement_endings: [phrase, …]           line endings of a statement about the past
//                                              ("〜しました"): such a line is never guessed
//     open_goal:       [phrase, …]             an open workout said in words ("no goal today",
//                                              時間は決めずに) → open_ended (#40)
//
// And from the `lists:` key, the location an activity entry implies (`location: indoor` on
// `lists.activity.values[]`: a treadmill, a rowing machine, a turbo trainer are indoors, #40).
//
// Beside them, `_dictionary*.txt` (one word a line, `#` comments): real words that typo
// correction never replaces ("stars" is not a typo of "stairs").
//
// Phrases are normalised like user input. English phrases match whole words; Japanese ones
// match anywhere (no spaces to anchor on). Longer cues win where cues overlap.

import CoachWire
import Foundation

struct FallbackData: Sendable {
    struct Cue: Sendable {
        let intent: String
        let scalars: [UInt32]
        let weight: Double
        /// A question cue ("how far"): counts only about the user's own workout.
        var isQuestion = false
    }

    struct GoalPhrase: Sendable {
        let scalars: [UInt32]
        let value: Double
        let unit: String
    }

    var cues: [Cue] = []
    var negativeWords: [String] = []
    /// Sentence endings that make a line a statement about the past, never a command
    /// (`statement_endings`; Japanese: 〜した, 〜ました, 〜だった …).
    var statementEndings: [[UInt32]] = []
    var activityHints: [(scalars: [UInt32], activity: String)] = []
    var goals: [GoalPhrase] = []
    /// An open workout said in words ("no goal", 目標なし): `open_ended` for a start (#40).
    var openGoal: [[UInt32]] = []
    /// Every phrase of an activity entry with `location:` and that location, longest first (#40).
    var impliedLocations: [(scalars: [UInt32], location: String)] = []
    var locationIgnore: Set<String> = []
    /// Phrases that make a question about the user's workout ("have i", "did i", 走った).
    var selfPhrases: [[UInt32]] = []
    /// Content words a question may contain without a self reference ("left", "remaining").
    var questionAllowed: Set<String> = []

    /// Function words (English): never evidence, always explained.
    var stopWords: Set<String> = []
    /// Intents recognised only by their templates, never guessed (`exact_only`): a plan's
    /// parameters must be heard exactly, and leaving them out keeps the other intents' keyword
    /// weights (idf over the intents) as they were.
    var exactOnly: Set<String> = []
    /// Qualifiers ("current", "today's", ちょっと): explained, no vote.
    var fillers: [[UInt32]] = []
    /// Workout nouns ("workout", "session", ワークアウト) that bind a StartWorkout guess.
    var objects: [[UInt32]] = []
    /// First words of a question ("what", "is", "does").
    var questionStarts: Set<String> = []
    /// Words that may precede a question word without making it a statement ("so", "hey", "coach").
    var questionLeads: Set<String> = []
    /// Command words per intent ("pause", 一時停止).
    var verbs: [String: [[UInt32]]] = [:]
    /// Real words typo correction must leave alone.
    var dictionary: Set<String> = []

    /// Cues by first scalar, longest first.
    var cueIndex: [UInt32: [Int]] = [:]

    init() {}

    /// The fallback words of one language (LanguageVocabulary's `fallback:` and the activities'
    /// `location:`), normalised and sorted; `_dictionary*.txt` of its directories.
    init(_ vocabulary: LanguageVocabulary) {
        var data = FallbackData()
        let cjk = vocabulary.language == .ja
        func norm(_ s: String) -> [UInt32] { Normalizer.normalize(s, cjkSpacing: cjk).scalars }
        func string(_ s: [UInt32]) -> String { Self.string(s) }
        let fb = vocabulary.fallback
        data.impliedLocations = Self.impliedLocations(vocabulary.activityLocations, norm: norm)
        func addCue(_ intent: String, _ phrase: String, question: Bool) {
            let s = norm(phrase)
            guard !s.isEmpty else { return }
            // Longer phrases are more specific: English by words, Japanese by characters.
            let size = cjk ? Double(s.count) / 2 : Double(s.filter { $0 == Scalars.space }.count + 1)
            data.cues.append(Cue(intent: intent, scalars: s, weight: 2.5 + 0.5 * (size - 1), isQuestion: question))
        }
        for group in fb.cues {
            for p in group.words { addCue(group.name, p, question: false) }
        }
        for q in fb.questions {
            for p in q.cues { addCue(q.intent, p, question: true) }
            for p in q.selfPhrases {
                let s = norm(p)
                if !s.isEmpty { data.selfPhrases.append(s) }
            }
            for w in q.allowed { data.questionAllowed.insert(string(norm(w))) }
        }
        data.negativeWords = fb.negativeWords.map { string(norm($0)) }
        data.statementEndings = fb.statementEndings.map(norm).filter { !$0.isEmpty }
        data.activityHints = fb.activityHints.map { (norm($0.key), $0.value) }
        data.goals = fb.goals.map { GoalPhrase(scalars: norm($0.input), value: $0.value, unit: $0.unit) }
        data.openGoal = fb.openGoal.map(norm).filter { !$0.isEmpty }
        data.locationIgnore = Set(fb.locationIgnore)
        data.stopWords = Set(fb.stopWords.map { string(norm($0)) })
        data.exactOnly = Set(fb.exactOnly)
        data.questionStarts = Set(fb.questionStarts.map { string(norm($0)) })
        data.questionLeads = Set(fb.questionLeads.map { string(norm($0)) })
        data.fillers = fb.fillers.map(norm).filter { !$0.isEmpty }
        for group in fb.verbs {
            for w in group.words {
                let s = norm(w)
                if !s.isEmpty { data.verbs[group.name, default: []].append(s) }
            }
        }
        data.objects = fb.objects.map(norm).filter { !$0.isEmpty }
        for dir in vocabulary.directories {
            let fm = FileManager.default
            for name in ((try? fm.contentsOfDirectory(atPath: dir)) ?? []).sorted()
            where name.hasPrefix("_dictionary") && name.hasSuffix(".txt") {
                guard let text = try? String(contentsOfFile: (dir as NSString).appendingPathComponent(name), encoding: .utf8)
                else { continue }
                for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                    let w = line.trimmingCharacters(in: .whitespaces)
                    if !w.isEmpty { data.dictionary.insert(w) }
                }
            }
        }
        let longest: ([UInt32], [UInt32]) -> Bool = { $0.count > $1.count }
        data.fillers.sort(by: longest)
        data.objects.sort(by: longest)
        data.activityHints.sort { $0.scalars.count > $1.scalars.count }
        data.goals.sort { $0.scalars.count > $1.scalars.count }
        data.impliedLocations.sort { $0.scalars.count > $1.scalars.count }
        for (i, c) in data.cues.enumerated() { data.cueIndex[c.scalars[0], default: []].append(i) }
        let cues = data.cues
        for k in data.cueIndex.keys { data.cueIndex[k]!.sort { cues[$0].scalars.count > cues[$1].scalars.count } }
        self = data
    }

    static func string(_ s: [UInt32]) -> String {
        String(String.UnicodeScalarView(s.compactMap(Unicode.Scalar.init)))
    }

    /// Every word of every phrase (typo correction must not "correct" them away).
    var words: [String] {
        var out: [String] = []
        func add(_ s: [UInt32]) {
            let str = Self.string(s)
            out.append(contentsOf: str.split(separator: " ").map(String.init))
        }
        for c in cues { add(c.scalars) }
        for p in selfPhrases { add(p) }
        for w in questionAllowed { out.append(w) }
        for h in activityHints { add(h.scalars) }
        for g in goals { add(g.scalars) }
        for f in fillers { add(f) }
        for o in objects { add(o) }
        for v in verbs.values.joined() { add(v) }
        out.append(contentsOf: stopWords)
        return out
    }

    /// Does `phrase` occur in `s` at `i` (as whole words when `words`)?
    @inline(__always)
    static func matches(_ phrase: [UInt32], _ s: [UInt32], at i: Int, words: Bool) -> Bool {
        let end = i + phrase.count
        guard end <= s.count else { return false }
        if words {
            if i > 0 && s[i - 1] != Scalars.space { return false }
            if end < s.count && s[end] != Scalars.space { return false }
        }
        var k = 0
        while k < phrase.count {
            if s[i + k] != phrase[k] { return false }
            k += 1
        }
        return true
    }

    struct CueHit {
        var intent: String
        var weight: Double
        var range: Range<Int>
        var isQuestion: Bool
    }

    /// Does any of `phrases` occur in `s` (as whole words when `words`)?
    static func containsAny(_ phrases: [[UInt32]], in s: [UInt32], words: Bool) -> Bool {
        for p in phrases {
            var i = 0
            while i + p.count <= s.count {
                if matches(p, s, at: i, words: words) { return true }
                i += 1
            }
        }
        return false
    }

    /// Does any self phrase ("have i", 走った) occur in `s`?
    func refersToSelf(_ s: [UInt32], words: Bool) -> Bool {
        for p in selfPhrases {
            var i = 0
            while i + p.count <= s.count {
                if Self.matches(p, s, at: i, words: words) { return true }
                i += 1
            }
        }
        return false
    }

    /// Cues found in `s` (longest first at each position, no overlaps); marks them in `covered`.
    func matchCues(_ s: [UInt32], words: Bool, covered: inout [Bool]) -> [CueHit] {
        var hits: [CueHit] = []
        var i = 0
        while i < s.count {
            if let list = cueIndex[s[i]], !covered[i] {
                var hit: Int? = nil
                for c in list where Self.matches(cues[c].scalars, s, at: i, words: words) {
                    hit = c
                    break
                }
                if let c = hit {
                    let r = i ..< i + cues[c].scalars.count
                    hits.append(CueHit(intent: cues[c].intent, weight: cues[c].weight, range: r, isQuestion: cues[c].isQuestion))
                    for k in r { covered[k] = true }
                    i = r.upperBound
                    continue
                }
            }
            i += 1
        }
        return hits
    }
}

extension FallbackData {
    /// The phrases of every `lists.activity.values[]` entry that carries `location:` (its `in`
    /// template expanded), with that location.
    static func impliedLocations(_ entries: [WordPair], norm: (String) -> [UInt32]) -> [(scalars: [UInt32], location: String)] {
        var out: [(scalars: [UInt32], location: String)] = []
        for entry in entries {
            guard let node = try? TemplateParser.parse(entry.key) else { continue }
            for phrase in node.expansions(limit: 500) {
                let s = norm(phrase)
                if !s.isEmpty { out.append((s, entry.value)) }
            }
        }
        return out
    }

    /// The location implied by the activity phrase that starts at `i` ("rowing machine" →
    /// indoor), the longest phrase winning; nil when the words there imply none.
    func impliedLocation(_ s: [UInt32], at i: Int, words: Bool) -> String? {
        impliedLocations.first { Self.matches($0.scalars, s, at: i, words: words) }?.location
    }
}
