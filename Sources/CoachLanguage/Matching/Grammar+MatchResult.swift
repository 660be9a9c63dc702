// Grammar+MatchResult: what an accepting walk found, as a RawMatch — the template, its slots
// from the slot events (list values, ranges, wildcards), the data block's fixed slots, and the
// slots the caller's context fills (hassil's `slot: true`).

import CoachWire

extension MatchWalker {
    func result(_ grammar: Grammar) -> RawMatch {
        var slots = self.slots(grammar)
        let template = Int(accepted)
        let block = grammar.blocks[grammar.templates[template].block]
        let matchedCount = slots.count
        for (name, value) in block.fixedSlots where !slots.contains(where: { $0.name == name }) {
            slots.append(RawMatch.Slot(name: name, value: value, range: nil))
        }
        // After the fixed slots, so a context slot wins a name clash (hassil's order).
        if block.hasContextConditions {
            let matched = Set(slots[..<matchedCount].map(\.name))
            slots += block.contextSlots(events: events, values: grammar.values, caller: callerContext, matched: matched)
        }
        return RawMatch(template: template, slots: slots)
    }

    func slots(_ grammar: Grammar) -> [RawMatch.Slot] {
        var slots: [RawMatch.Slot] = []
        slots.reserveCapacity(4)
        let events = self.events
        for (j, e) in events.enumerated() {
            switch e.kind {
            case .begin:
                continue
            case .end:
                // Its begin: the nearest unmatched begin before it (slots nest), found without an
                // auxiliary stack.
                var depth = 0
                var k = j - 1
                while k >= 0 {
                    if events[k].kind == .end { depth += 1 } else if events[k].kind == .begin {
                        if depth == 0 { break }
                        depth -= 1
                    }
                    k -= 1
                }
                guard k >= 0 else { continue }
                let b = events[k]
                if b.value == 1 { continue }  // capture: for responses only
                let name = grammar.slotNames[Int(e.slot)]
                let range = Int(b.start) ..< Int(e.start)
                let valueIndex = e.value >= 0 ? Int(e.value) : Int(-1 - e.value)
                let listValue = grammar.values[valueIndex]
                let value = listValue.output ?? .string(text(range))
                slots.append(
                    RawMatch.Slot(
                        name: name, value: value, range: range, listName: listValue.listName, isText: listValue.output == nil))
            case .number:
                slots.append(
                    RawMatch.Slot(
                        name: grammar.slotNames[Int(e.slot)], value: .number(e.number), range: Int(e.start) ..< Int(e.end),
                        isWords: e.value == 1))
            case .wildcard:
                let range = Int(e.start) ..< Int(e.end)
                slots.append(RawMatch.Slot(
                    name: grammar.slotNames[Int(e.slot)], value: .string(text(range)), range: range, isText: true, isWildcard: true))
            }
        }
        return slots
    }

    func text(_ range: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        for i in range where i < input.count { if let u = Unicode.Scalar(input[i]) { view.append(u) } }
        return String(view)
    }
}
