// Plans in YAML ($XDG_CONFIG_HOME/coach/workouts/NAME.yaml, docs/plans.md): read through Yams'
// node tree rather than Codable, so every error names the line and the field it is about.
//
//   name: threshold            kind: custom | single | pacer | multisport (default: custom)
//   activity: running
//   warmup: 10min              a goal, or {goal: 10min, heart_rate: zone 2}
//   blocks:
//     - repeat: 5
//       steps:
//         - work: 400m         purpose (work, recovery) → goal (90s, 10min, 400m, 5km, 300kcal, open)
//           pace: 4:00-4:10    alerts: pace (min/km), speed (km/h), heart_rate, cadence, power —
//         - recovery: 90s        a range "low-high" or "zone N"
//   cooldown: 10min
//   purpose: {en: …, ja: …}    what the plan is for (a line, or one per language); source: where its
//   source: …                  structure comes from — both shown by `coach plan list --library`

import CoachCore
import CoachWire
import Yams

public enum PlanYAML {
    /// Parses one plan; `name` is the file's name without `.yaml`, used when the file names none.
    public static func parse(_ text: String, name: String, file: String) throws(PlanFileError) -> WorkoutPlan {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw PlanFileError(file: file, line: nil, field: "", problem: "the file is empty")
            }
            root = node
        } catch let error as PlanFileError {
            throw error
        } catch let error as YamlError {
            throw PlanFileError(file: file, line: yamlLine(error), field: "", problem: "not YAML: \(error)")
        } catch {
            throw PlanFileError(file: file, line: nil, field: "", problem: "not YAML: \(error)")
        }
        let reader = Reader(file: file)
        do {
            _ = try reader.about(root)
            return try reader.plan(root, defaultName: name)
        } catch let error as PlanFileError {
            throw error
        } catch {
            throw PlanFileError(file: file, line: nil, field: "", problem: "\(error)")
        }
    }

    /// A plan file's `purpose:` and `source:` (already checked by `parse`).
    public static func about(_ text: String, file: String) throws(PlanFileError) -> PlanAbout {
        guard let root = try? Yams.compose(yaml: text) else { return PlanAbout() }
        do { return try Reader(file: file).about(root) } catch let error as PlanFileError { throw error } catch {
            throw PlanFileError(file: file, line: nil, field: "", problem: "\(error)")
        }
    }

    private static func yamlLine(_ error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): return mark.line
        default: return nil
        }
    }

    /// Walks the node tree; each method names the field it reads in its errors.
    struct Reader {
        let file: String

        func fail(_ node: Node?, _ field: String, _ reason: String) -> PlanFileError {
            PlanFileError(file: file, line: node?.mark?.line, field: field, problem: reason)
        }

        func mapping(_ node: Node, _ field: String) throws -> [(key: String, node: Node, value: Node)] {
            guard let mapping = node.mapping else { throw fail(node, field, "expected a mapping (key: value lines)") }
            return try mapping.map { pair in
                guard let key = pair.key.string else { throw fail(pair.key, field, "a key must be a word") }
                return (key, pair.key, pair.value)
            }
        }

        func string(_ node: Node, _ field: String) throws -> String {
            guard let text = node.string else { throw fail(node, field, "expected a value, not a list or mapping") }
            return text
        }

        func plan(_ root: Node, defaultName: String) throws -> WorkoutPlan {
            let fields = try mapping(root, "")
            let known: Set<String> = ["name", "activity", "kind", "warmup", "blocks", "cooldown", "goal", "distance", "time", "legs",
                                      "purpose", "source"]
            for field in fields where !known.contains(field.key) {
                throw fail(field.node, field.key, "unknown field (expected one of \(known.sorted().joined(separator: ", ")))")
            }
            func value(_ key: String) -> Node? { fields.first { $0.key == key }?.value }
            let name = try value("name").map { try string($0, "name") } ?? defaultName
            let kindWord = try value("kind").map { try string($0, "kind") } ?? (value("legs") != nil ? "multisport" : "custom")
            let activity: ActivityType
            if let node = value("activity") {
                let word = try string(node, "activity")
                guard let parsed = ActivityType(rawValue: word) else {
                    throw fail(node, "activity", "'\(word)' is not an activity (HealthKit names: running, cycling, swimming, …)")
                }
                activity = parsed
            } else {
                activity = kindWord == "multisport" ? .swimBikeRun : .running
            }
            let kind: WorkoutPlan.Kind
            switch kindWord {
            case "custom":
                guard let blocksNode = value("blocks") else { throw fail(root, "blocks", "a custom plan needs blocks") }
                let warmup = try value("warmup").map { try edgeStep($0, "warmup", purpose: .warmup) }
                let cooldown = try value("cooldown").map { try edgeStep($0, "cooldown", purpose: .cooldown) }
                kind = .custom(CustomPlan(warmup: warmup, blocks: try blocks(blocksNode), cooldown: cooldown))
            case "single":
                guard let node = value("goal") else { throw fail(root, "goal", "a single-goal plan needs a goal (30min, 5km, 500kcal)") }
                kind = .singleGoal(try goal(node, "goal"))
            case "pacer":
                guard let d = value("distance"), case .distance(let meters) = try goal(d, "distance") else {
                    throw fail(value("distance") ?? root, "distance", "a pacer needs a distance (5km)")
                }
                guard let t = value("time"), case .time(let seconds) = try goal(t, "time") else {
                    throw fail(value("time") ?? root, "time", "a pacer needs a time (25min)")
                }
                kind = .pacer(meters: meters, seconds: seconds)
            case "multisport":
                guard let node = value("legs"), let list = node.sequence, !list.isEmpty else {
                    throw fail(value("legs") ?? root, "legs", "a multisport plan needs a list of legs (- swimming: 750m)")
                }
                kind = .swimBikeRun(try list.enumerated().map { try leg($1, "legs[\($0)]") })
            default:
                throw fail(value("kind"), "kind", "'\(kindWord)' is not a kind (custom, single, pacer, multisport)")
            }
            return WorkoutPlan(name: name, activity: activity, kind: kind)
        }

        /// `purpose:` (one line, or a mapping language → line) and `source:`.
        func about(_ root: Node) throws -> PlanAbout {
            var about = PlanAbout()
            for field in try mapping(root, "") {
                switch field.key {
                case "source": about.source = try string(field.value, "source")
                case "purpose":
                    if field.value.mapping == nil {
                        about.purpose[""] = try string(field.value, "purpose")
                    } else {
                        for entry in try mapping(field.value, "purpose") {
                            guard Language(rawValue: entry.key) != nil else {
                                throw fail(entry.node, "purpose.\(entry.key)", "not a language (en, ja)")
                            }
                            about.purpose[entry.key] = try string(entry.value, "purpose.\(entry.key)")
                        }
                    }
                default: continue
                }
            }
            return about
        }

        func blocks(_ node: Node) throws -> [IntervalBlock] {
            guard let list = node.sequence, !list.isEmpty else { throw fail(node, "blocks", "expected a list of blocks (- repeat: 5)") }
            return try list.enumerated().map { index, blockNode in
                let field = "blocks[\(index)]"
                let fields = try mapping(blockNode, field)
                var iterations = 1
                var steps: [PlanStep]?
                for entry in fields {
                    switch entry.key {
                    case "repeat":
                        guard let n = Int(try string(entry.value, field + ".repeat")), (1...99).contains(n) else {
                            throw fail(entry.value, field + ".repeat", "expected a whole number from 1 to 99")
                        }
                        iterations = n
                    case "steps":
                        guard let list = entry.value.sequence, !list.isEmpty else {
                            throw fail(entry.value, field + ".steps", "expected a list of steps (- work: 400m)")
                        }
                        steps = try list.enumerated().map { try step($1, "\(field).steps[\($0)]") }
                    default:
                        throw fail(entry.node, "\(field).\(entry.key)", "unknown field (expected repeat, steps)")
                    }
                }
                guard let steps else { throw fail(blockNode, field + ".steps", "a block needs steps") }
                return IntervalBlock(steps: steps, iterations: iterations)
            }
        }

        /// `- work: 400m` with optional alert keys and `name`.
        func step(_ node: Node, _ field: String) throws -> PlanStep {
            try keyedStep(node, field, heads: ["work": .work, "recovery": .recovery, "warmup": .warmup, "cooldown": .cooldown],
                          what: "work or recovery")
        }

        /// `- cycling: 20km`: a leg named by its activity.
        func leg(_ node: Node, _ field: String) throws -> PlanStep {
            let fields = try mapping(node, field)
            guard let head = fields.first(where: { ActivityType(rawValue: $0.key) != nil }) else {
                throw fail(node, field, "a leg starts with its activity (swimming: 750m, cycling: 20km, running: 5km)")
            }
            var step = try keyedStep(node, field, heads: [head.key: .leg], what: head.key)
            step.activity = ActivityType(rawValue: head.key)
            return step
        }

        func keyedStep(_ node: Node, _ field: String, heads: [String: StepPurpose], what: String) throws -> PlanStep {
            var purpose: StepPurpose?
            var stepGoal: WorkoutGoal = .open
            var alert: PlanAlert?
            var name: String?
            for entry in try mapping(node, field) {
                if let p = heads[entry.key] {
                    guard purpose == nil else { throw fail(entry.node, "\(field).\(entry.key)", "a step has one purpose") }
                    purpose = p
                    stepGoal = try goal(entry.value, "\(field).\(entry.key)")
                } else if entry.key == "name" {
                    name = try string(entry.value, field + ".name")
                } else if let metric = Self.metric(entry.key) {
                    guard alert == nil else { throw fail(entry.node, "\(field).\(entry.key)", "a step has one alert") }
                    alert = try self.alert(metric, entry.value, "\(field).\(entry.key)")
                } else {
                    throw fail(entry.node, "\(field).\(entry.key)",
                               "unknown field (expected \(what), name, or an alert: pace, speed, heart_rate, cadence, power)")
                }
            }
            guard let purpose else { throw fail(node, field, "a step needs its purpose and goal (\(what): 400m)") }
            return PlanStep(purpose: purpose, goal: stepGoal, alert: alert, name: name)
        }

        /// A warm-up or cool-down: a bare goal, or a mapping `{goal: 10min, heart_rate: zone 2}`.
        func edgeStep(_ node: Node, _ field: String, purpose: StepPurpose) throws -> PlanStep {
            if node.mapping == nil { return PlanStep(purpose: purpose, goal: try goal(node, field)) }
            var step = PlanStep(purpose: purpose, goal: .open)
            for entry in try mapping(node, field) {
                if entry.key == "goal" { step.goal = try goal(entry.value, field + ".goal") }
                else if entry.key == "name" { step.name = try string(entry.value, field + ".name") }
                else if let metric = Self.metric(entry.key) { step.alert = try alert(metric, entry.value, "\(field).\(entry.key)") }
                else { throw fail(entry.node, "\(field).\(entry.key)", "unknown field (expected goal, name, or an alert)") }
            }
            return step
        }

        static func metric(_ key: String) -> AlertMetric? {
            switch key {
            case "pace": return .pace
            case "speed": return .speed
            case "heart_rate", "heartRate", "hr": return .heartRate
            case "cadence": return .cadence
            case "power": return .power
            default: return nil
            }
        }

        func goal(_ node: Node, _ field: String) throws -> WorkoutGoal {
            let text = try string(node, field)
            guard let goal = PlanValues.goal(text) else {
                throw fail(node, field, "'\(text)' is not a goal (90s, 10min, 1:30, 400m, 5km, 300kcal, open)")
            }
            return goal
        }

        func alert(_ metric: AlertMetric, _ node: Node, _ field: String) throws -> PlanAlert {
            let text = try string(node, field)
            guard let target = PlanValues.target(metric, text) else {
                let example = metric == .pace ? "4:00-4:10" : metric == .heartRate ? "150-160 or zone 3" : "low-high"
                throw fail(node, field, "'\(text)' is not a range (write \(example))")
            }
            return PlanAlert(metric: metric, target: target)
        }
    }
}
