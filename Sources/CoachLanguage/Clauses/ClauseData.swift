// ClauseData: the vocabulary of the clause method (issue #28), from the `clauses:` key of
// Intents/<lang>/_clauses.yaml (ClauseWords, as the Vocabulary read it) (hassil ignores that key). Swift holds only the method
// (ClauseFinder); every word it needs is data:
//
//   clauses:
//     conjunctions:  [phrase, …]         join a reason and a command; belong to neither ("so")
//     relatives:     [phrase, …]         English relative words that cut inside a clause only
//                                        ("a walk that burns 250 calories", #40)
//     connectives:   [phrase, …]         Japanese endings of a reason clause (〜ので, 〜から)
//     connective_continuations: [kana]   what after a connective shows it is inside a word (し|ます)
//     noun_particles: [phrase, …]        Japanese particles ending a phrase of place or means (〜で)
//     request_endings: [phrase, …]       Japanese verb endings that ask someone else (走って)
//     hesitations:   [phrase, …]         filler a clause may consist of ("uh", えっと)
//     aside_starts:  [word, …]           where an unpunctuated aside may start ("i", "my")
//     binders:       [word, …]           words after which no unpunctuated cut falls ("to", "had")
//     blockers:      [phrase, …]         an aside with one of these refuses the line ("she said")
//     command_words: {Intent: [phrase]}  what makes a clause a command on its own ("pause")
//     strong_words:  {Intent: [phrase]}  End/Cancel words that need no workout named (終了)
//     max_words / max_characters: N      the longest aside (English words / Japanese characters)
//     not_stated:    [phrase, …]         an aside with one of these tells of something else (the
//                                        past, someone else): its numbers and activities are no slots (#40)
//     discard_reasons: [phrase, …]       a reason or consequence that belongs to a Cancel ("by
//                                        accident", "don't save it", 誤操作): it may name another command (#40)
//     addressee:     [phrase, …]         a line starting so sends or tells something to someone
//                                        ("tell", "text", "let * know"; Japanese: endings such as
//                                        って送って) and is refused whatever it contains (#40)
//     self:          [word, …]           the user as the addressee ("tell me …" asks Coach)
//     discard_about: [phrase, …]         what a discard reason must be about (the workout, saving,
//                                        counting, a command word) to bind a bare "cancel" (#40)
//     request_prefixes: [phrase, …]      English requests in question form ("could you"): the rest
//                                        is matched as the command (#40)
//     request_suffixes: [phrase, …]      words a request ends with that are not the command ("for me")
//     request_questions: {ending: as}    Japanese request endings (てもらえる) and the plain form (て)
//     bare_starts:   [phrase, …]         a start said without what ("start recording", 測って): a
//                                        command only beside a clause that states the activity (#40)
//     spelling_variants: {wrong: right}  typing slips the typo method may correct (再会 → 再開);
//                                        English: contractions without the apostrophe ("dont")
//     plain_in_state: {Intent: {key: [state]}}  states in which any template of the intent says
//                                        its command after its reason ("keep going" while paused)
//     interruptions: [phrase, …]         what the reason of such a command may name ("phone call")
//
// Phrases are normalised like user input; longest first, so "ok so" is tried before "ok".

import CoachWire

struct ClauseData: Sendable {
    var conjunctions: [[UInt32]] = []
    var relatives: [[UInt32]] = []
    var connectives: [[UInt32]] = []
    /// Kana after a connective that continue the word (お願いし|ます, おかし|い): no cut there.
    var connectiveContinuations: [[UInt32]] = []
    /// Japanese particles that end a phrase of place or means after a noun (ダンベル|で).
    var nounParticles: [[UInt32]] = []
    var hesitations: [[UInt32]] = []
    /// English words an aside may start with where no punctuation cuts ("i", "my", "gotta").
    var asideStarts: [[UInt32]] = []
    /// English words that bind the next word into their sentence: no cut after them ("to", "had").
    var binders: [[UInt32]] = []
    var blockers: [[UInt32]] = []
    var commandWords: [String: [[UInt32]]] = [:]
    /// End/Cancel words no everyday line uses for anything else (終了, discard): with one of
    /// these an end or cancel needs no workout named.
    var strongWords: [String: [[UInt32]]] = [:]
    /// The longest aside: English words, Japanese characters.
    var maxAsideLength = 10
    /// Japanese endings that ask someone else (走って, 急いで): such a verb starts no workout beside an aside.
    var requestEndings: [[UInt32]] = []
    /// (as typed, as meant): slips the typo method corrects, longest first.
    var spellingVariants: [(wrong: [UInt32], right: [UInt32])] = []
    /// An aside with one of these tells of the past or of someone else: it adds no slot (#40).
    var notStated: [[UInt32]] = []
    /// Reasons and consequences of a discard ("by accident", "don't save it", 誤操作) (#40).
    var discardReasons: [[UInt32]] = []
    /// Line starts (English; `*` stands for one to three words) or endings (Japanese) that send or
    /// tell something to someone else: the line is never a command (#40).
    var addressee: [[UInt32]] = []
    /// Words that make the addressee the user ("tell me how I'm doing" asks Coach).
    var selfWords: [[UInt32]] = []
    /// `addressee` and `hesitations` split into words once, and the words a line must start with
    /// for the addressee rule to look further (most lines are rejected on their first word).
    var addresseeWords: [[[UInt32]]] = []
    var hesitationWords: [[[UInt32]]] = []
    var addresseeLeads: Set<[UInt32]> = []
    var discardAbout: [[UInt32]] = []
    var bareStarts: [[UInt32]] = []
    var requestPrefixes: [[UInt32]] = []
    var requestSuffixes: [[UInt32]] = []
    /// (ending, plain form), longest ending first.
    var requestQuestions: [(ending: [UInt32], plain: [UInt32])] = []
    /// Intent → context key → the states in which a template of the intent needs no command word
    /// beside an aside (#40 round 4): while paused "phone call's done, keep going" can only go on.
    var plainInState: [String: [String: Set<String>]] = [:]
    /// Things that interrupt a workout ("phone call", 電話): the reason of a plain command may name them.
    var interruptions: [[UInt32]] = []

    var isEmpty: Bool { commandWords.isEmpty }

    init() {}

    /// The clause words of one language (LanguageVocabulary's `clauses:`), normalised and sorted.
    init(_ words: ClauseWords, language: Language) {
        var data = ClauseData()
        let cjk = language == .ja
        func norm(_ s: String) -> [UInt32] { Normalizer.normalize(s, cjkSpacing: cjk).scalars }
        func phrases(_ list: [String]) -> [[UInt32]] { list.map(norm).filter { !$0.isEmpty } }
        data.conjunctions = phrases(words.conjunctions)
        data.relatives = phrases(words.relatives)
        data.connectives = phrases(words.connectives)
        data.connectiveContinuations = phrases(words.connectiveContinuations)
        data.interruptions = phrases(words.interruptions)
        data.nounParticles = phrases(words.nounParticles)
        data.requestEndings = phrases(words.requestEndings)
        data.hesitations = phrases(words.hesitations)
        data.asideStarts = phrases(words.asideStarts)
        data.binders = phrases(words.binders)
        data.blockers = phrases(words.blockers)
        for group in words.commandWords { data.commandWords[group.name, default: []] += phrases(group.words) }
        for group in words.strongWords { data.strongWords[group.name, default: []] += phrases(group.words) }
        data.notStated = phrases(words.notStated)
        data.discardReasons = phrases(words.discardReasons)
        data.addressee = phrases(words.addressee)
        data.selfWords = phrases(words.selfWords)
        data.discardAbout = phrases(words.discardAbout)
        data.bareStarts = phrases(words.bareStarts)
        data.requestPrefixes = phrases(words.requestPrefixes)
        data.requestSuffixes = phrases(words.requestSuffixes)
        for pair in words.requestQuestions {
            let e = norm(pair.key)
            if !e.isEmpty { data.requestQuestions.append((e, norm(pair.value))) }
        }
        if let n = words.maxAsideLength { data.maxAsideLength = n }
        for (intent, rules) in words.plainInState {
            for (key, states) in rules { data.plainInState[intent, default: [:]][key, default: []].formUnion(states) }
        }
        for pair in words.spellingVariants {
            let w = norm(pair.key), r = norm(pair.value)
            if !w.isEmpty, !r.isEmpty { data.spellingVariants.append((w, r)) }
        }
        let longest: ([UInt32], [UInt32]) -> Bool = { $0.count > $1.count }
        data.conjunctions.sort(by: longest)
        data.connectives.sort(by: longest)
        data.hesitations.sort(by: longest)
        data.spellingVariants.sort { $0.wrong.count > $1.wrong.count }
        let split: ([UInt32]) -> [[UInt32]] = { $0.split(separator: Scalars.space).map { Array($0) } }
        data.addresseeWords = data.addressee.map(split)
        data.hesitationWords = data.hesitations.map(split)
        data.addresseeLeads = Set((data.addresseeWords + data.hesitationWords).compactMap(\.first))
        data.requestPrefixes.sort(by: longest)
        data.requestSuffixes.sort(by: longest)
        data.requestQuestions.sort { $0.ending.count > $1.ending.count }
        self = data
    }

    /// Does the caller's state leave `intent` the one meaning of its templates (`plain_in_state`)?
    func isPlain(_ intent: String, in context: RecognitionContext) -> Bool {
        guard let rules = plainInState[intent] else { return false }
        return rules.contains { key, states in
            if case .string(let state)? = context[key] { return states.contains(state) }
            return false
        }
    }

    /// The intents whose command words occur in `s` (English: as whole words).
    func intentsCommanded(in s: ArraySlice<UInt32>, words: Bool) -> Set<String> {
        let a = Array(s)
        var found = Set<String>()
        for (intent, list) in commandWords where FallbackData.containsAny(list, in: a, words: words) {
            found.insert(intent)
        }
        return found
    }
}
