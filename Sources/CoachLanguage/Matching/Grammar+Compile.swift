// Grammar+Compile: IntentDefinitions → Grammar. Builds the op graph back to front
// (each construct is compiled with its continuation), then computes first-scalar filters.

import CoachWire

public struct GrammarCompileError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

extension Grammar {
    static func compile(_ defs: IntentDefinitions, language: Language, numbers: NumberWords) throws -> Grammar {
        var compiler = GrammarCompiler(defs: defs, grammar: Grammar(language: language, cjkSpacing: defs.ignoreWhitespace))
        try compiler.compileAll()
        compiler.computeFirstSets()
        compiler.buildDispatchTables()
        var g = compiler.grammar
        g.contextTemplates = g.templates.map { g.blocks[$0.block].hasContextConditions }
        g.numbers = NumberParser(numbers, language: language)
        return g
    }
}

private struct Scope {
    var lists: [String: ListDefinition]
    var rules: [String: String]
    var id: Int  // 0 = global; a data block with its own lists/rules gets its own scope
}

private struct GrammarCompiler {
    let defs: IntentDefinitions
    var grammar: Grammar
    var subroutines: [String: Int32] = [:]
    var compiling: Set<String> = []
    var slotIndex: [String: Int32] = [:]
    var firstMemo: [Int32: (UInt64, Bool)] = [:]

    init(defs: IntentDefinitions, grammar: Grammar) {
        self.defs = defs
        self.grammar = grammar
    }

    mutating func add(_ kind: GrammarOp.Kind, _ a: Int32 = 0, _ b: Int32 = 0, next: Int32 = -1) -> Int32 {
        grammar.ops.append(GrammarOp(kind: kind, a: a, b: b, next: next))
        return Int32(grammar.ops.count - 1)
    }

    /// One scalar → `.char`; more → `.literal` over the shared pool.
    mutating func literal(_ scalars: [UInt32], next: Int32) -> Int32 {
        if scalars.count == 1 { return add(.char, Int32(bitPattern: scalars[0]), next: next) }
        let start = Int32(grammar.literals.count)
        grammar.literals.append(contentsOf: scalars)
        return add(.literal, start, Int32(scalars.count), next: next)
    }

    mutating func branch(_ targets: [Int32]) -> Int32 {
        if targets.count == 1 { return targets[0] }
        let start = Int32(grammar.alts.count)
        for t in targets { grammar.alts.append(GrammarAlternative(target: t, first: FirstSet.all)) }
        return add(.branch, start, Int32(targets.count))
    }

    mutating func slot(_ name: String) -> Int32 {
        if let i = slotIndex[name] { return i }
        grammar.slotNames.append(name)
        let i = Int32(grammar.slotNames.count - 1)
        slotIndex[name] = i
        return i
    }

    mutating func compileAll() throws {
        let global = Scope(lists: defs.lists, rules: defs.expansionRules, id: 0)
        var rootTargets: [Int32] = []
        for (intent, blocks) in defs.intents {
            for block in blocks {
                grammar.blocks.append(
                    CompiledBlock(
                        fixedSlots: block.slots, metadata: block.metadata, response: block.response,
                        requiresContext: block.requiresContext, excludesContext: block.excludesContext))
                let blockIndex = grammar.blocks.count - 1
                var scope = global
                if !block.lists.isEmpty || !block.expansionRules.isEmpty {
                    scope.lists.merge(block.lists) { $1 }
                    scope.rules.merge(block.expansionRules) { $1 }
                    scope.id = blockIndex + 1
                }
                for sentence in block.sentences {
                    let node: TemplateNode
                    do { node = try TemplateParser.parse(sentence) } catch {
                        throw GrammarCompileError(message: "\(defs.language) \(intent): \(error)")
                    }
                    grammar.templates.append(CompiledTemplate(intent: intent, text: sentence, block: blockIndex))
                    let accept = add(.accept, Int32(grammar.templates.count - 1))
                    rootTargets.append(try compile(node, next: accept, scope: scope))
                }
            }
        }
        grammar.root = branch(rootTargets)
        if grammar.ops[Int(grammar.root)].kind != .branch {
            // Keep the root a branch so the matcher can always filter by first scalar.
            let start = Int32(grammar.alts.count)
            grammar.alts.append(GrammarAlternative(target: grammar.root, first: FirstSet.all))
            grammar.root = add(.branch, start, 1)
        }
        var skip: [[UInt32]] = []
        for w in defs.skipWords {
            let n = Normalizer.normalize(w, cjkSpacing: defs.ignoreWhitespace).scalars
            if !n.isEmpty, !skip.contains(n) { skip.append(n) }
        }
        grammar.skipWords = skip.sorted { $0.count > $1.count }
    }

    mutating func compile(_ node: TemplateNode, next: Int32, scope: Scope) throws -> Int32 {
        switch node {
        case .text(let text):
            // Runs of letters become one literal op. In word-spaced grammars a single space
            // between two letters joins the run (it can only be matched by a real space);
            // spaces at the edges stay `.space` ops (they may meet the start or end of input,
            // or a neighbouring chunk's space).
            let chunk = Normalizer.templateText(text, cjkSpacing: grammar.cjkSpacing)
            var entry = next
            var run: [UInt32] = []
            func flush(_ compiler: inout GrammarCompiler) {
                guard !run.isEmpty else { return }
                entry = compiler.literal(run.reversed(), next: entry)
                run.removeAll()
            }
            var i = chunk.count - 1
            while i >= 0 {
                if let v = chunk[i] {
                    run.append(v)
                } else if !grammar.cjkSpacing, !run.isEmpty, i > 0, chunk[i - 1] != nil {
                    run.append(Scalars.space)
                } else {
                    flush(&self)
                    if grammar.ops[Int(entry)].kind != .space { entry = add(.space, next: entry) }
                }
                i -= 1
            }
            flush(&self)
            return entry
        case .sequence(let items):
            var entry = next
            for item in items.reversed() { entry = try compile(item, next: entry, scope: scope) }
            return entry
        case .alternative(let items, let optional):
            var targets: [Int32] = []
            for item in items { targets.append(try compile(item, next: next, scope: scope)) }
            if optional { targets.append(next) }
            return branch(targets)
        case .permutation(let items):
            guard items.count <= 6 else {
                throw GrammarCompileError(message: "permutation of \(items.count) items is too large")
            }
            var targets: [Int32] = []
            for order in permutations(Array(items.indices)) {
                var seq: [TemplateNode] = []
                for i in order { seq.append(.text(" ")); seq.append(items[i]); seq.append(.text(" ")) }
                targets.append(try compile(.sequence(seq), next: next, scope: scope))
            }
            return branch(targets)
        case .rule(let name):
            let sub = try ruleSubroutine(name, scope: scope)
            return add(.call, sub, next: next)
        case .list(let name, let slotName, let isCapture):
            if let inline = node.inlineRange, scope.lists[name] == nil {
                grammar.ranges.append(RangeDefinition(from: Double(inline.from), to: Double(inline.to), step: Double(inline.step)))
                return add(.number, Int32(grammar.ranges.count - 1), slot(slotName), next: next)
            }
            guard let list = scope.lists[name] else {
                throw GrammarCompileError(message: "\(defs.language): missing list {\(name)}")
            }
            switch list {
            case .range(let range):
                grammar.ranges.append(range)
                return add(.number, Int32(grammar.ranges.count - 1), slot(slotName), next: next)
            case .wildcard:
                // Words end at spaces; a language written without them (ja: 「thresholdプランを開始」)
                // lets a wildcard end before any character.
                return add(.wildcard, slot(slotName), grammar.cjkSpacing ? 0 : 1, next: next)
            case .values:
                let sub = try listSubroutine(name, slot: slotName, isCapture: isCapture, scope: scope)
                return add(.call, sub, next: next)
            }
        }
    }

    mutating func ruleSubroutine(_ name: String, scope: Scope) throws -> Int32 {
        let key = "rule:\(scope.id):\(name)"
        if let s = subroutines[key] { return s }
        guard let body = scope.rules[name] else {
            throw GrammarCompileError(message: "\(defs.language): missing expansion rule <\(name)>")
        }
        guard !compiling.contains(key) else {
            throw GrammarCompileError(message: "\(defs.language): expansion rule <\(name)> refers to itself")
        }
        compiling.insert(key)
        defer { compiling.remove(key) }
        let node: TemplateNode
        do { node = try TemplateParser.parse(body) } catch {
            throw GrammarCompileError(message: "\(defs.language) rule <\(name)>: \(error)")
        }
        let ret = add(.ret)
        let entry = try compile(node, next: ret, scope: scope)
        subroutines[key] = entry
        return entry
    }

    mutating func listSubroutine(_ name: String, slot slotName: String, isCapture: Bool, scope: Scope) throws -> Int32 {
        let key = "list:\(scope.id):\(name):\(slotName):\(isCapture)"
        if let s = subroutines[key] { return s }
        guard case .values(let values) = scope.lists[name] else { return -1 }
        let slotId = slot(slotName)
        let ret = add(.ret)
        var targets: [Int32] = []
        for value in values {
            grammar.values.append(SlotListValue(output: value.output, context: value.context, listName: name))
            let valueIndex = Int32(grammar.values.count - 1)
            let end = add(.slotEnd, slotId, value.output == nil ? -1 - valueIndex : valueIndex, next: ret)
            let node: TemplateNode
            do { node = try TemplateParser.parse(value.input) } catch {
                throw GrammarCompileError(message: "\(defs.language) list {\(name)}: \(error)")
            }
            targets.append(try compile(node, next: end, scope: scope))
            if grammar.listPhrases[name, default: []].count < 500 {
                grammar.listPhrases[name, default: []].append(contentsOf: node.expansions(limit: 50))
            }
        }
        let entry = add(.slotBegin, slotId, isCapture ? 1 : 0, next: branch(targets))
        subroutines[key] = entry
        if !isCapture, scope.id == 0 {
            let found = add(.found)
            grammar.probes.append((slotName, name, add(.call, entry, next: found)))
        }
        return entry
    }

    func permutations(_ items: [Int]) -> [[Int]] {
        if items.count <= 1 { return [items] }
        var out: [[Int]] = []
        for (i, x) in items.enumerated() {
            var rest = items
            rest.remove(at: i)
            for p in permutations(rest) { out.append([x] + p) }
        }
        return out
    }

    // MARK: - First-scalar filters

    mutating func computeFirstSets() {
        for i in grammar.alts.indices {
            // A path that can return from its subroutine unconsumed continues in the caller,
            // which could start with anything.
            let f = first(grammar.alts[i].target)
            grammar.alts[i].first = f.1 ? FirstSet.all : f.0
        }
    }

    /// Branches with many alternatives (the root, long lists) become `.dispatch` ops: the walk
    /// then visits only the alternatives whose first set contains the next scalar's bit,
    /// instead of testing every alternative (the alternative scan was ~25 % of matching).
    mutating func buildDispatchTables(minimum: Int = 8) {
        for i in grammar.ops.indices where grammar.ops[i].kind == .branch && grammar.ops[i].b >= Int32(minimum) {
            let op = grammar.ops[i]
            let table = Int32(grammar.dispatchStarts.count)
            for k in 0 ..< 64 {
                grammar.dispatchStarts.append(Int32(grammar.dispatchTargets.count))
                for a in Int(op.a) ..< Int(op.a + op.b) where grammar.alts[a].first & (1 << UInt64(k)) != 0 {
                    grammar.dispatchTargets.append(grammar.alts[a].target)
                }
            }
            grammar.dispatchStarts.append(Int32(grammar.dispatchTargets.count))
            grammar.ops[i] = GrammarOp(kind: .dispatch, a: table, b: op.b, next: op.next)
        }
    }

    /// (bits, nullable): the scalars that can be consumed first from `node`, and whether the
    /// subroutine containing it can return without consuming anything.
    mutating func first(_ node: Int32) -> (UInt64, Bool) {
        if node < 0 { return (FirstSet.all, true) }
        if let m = firstMemo[node] { return m }
        let op = grammar.ops[Int(node)]
        var result: (UInt64, Bool)
        switch op.kind {
        case .char: result = (FirstSet.bit(UInt32(bitPattern: op.a)), false)
        case .literal: result = (FirstSet.bit(grammar.literals[Int(op.a)]), false)
        case .space:
            let n = first(op.next)
            result = (n.0 | FirstSet.space, n.1)
        case .branch:
            var bits: UInt64 = 0
            var nullable = false
            for k in Int(op.a) ..< Int(op.a + op.b) {
                let f = first(grammar.alts[k].target)
                bits |= f.0
                nullable = nullable || f.1
            }
            result = (bits, nullable)
        case .call:
            let s = first(op.a)
            if s.1 {
                let n = first(op.next)
                result = (s.0 | n.0, n.1)
            } else {
                result = (s.0, false)
            }
        case .ret: result = (0, true)
        case .dispatch: result = (FirstSet.all, true)  // built after the first sets
        case .slotBegin, .slotEnd: result = first(op.next)
        case .number, .wildcard: result = (FirstSet.all, false)
        case .accept: result = (FirstSet.end, false)
        case .found: result = (FirstSet.all, false)
        }
        firstMemo[node] = result
        return result
    }
}
