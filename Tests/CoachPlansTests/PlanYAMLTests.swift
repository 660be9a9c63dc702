// Plan files: each of the four kinds reads to the plan it says, writes back to the same plan, and a
// mistake is reported with its line and field.

import CoachCore
import CoachPlans
import CoachWire
import Testing

@Suite("Plan YAML")
struct PlanYAMLTests {
    static let threshold = """
        activity: running
        warmup: 10min
        blocks:
          - repeat: 5
            steps:
              - work: 400m
                pace: 4:00-4:10
              - recovery: 90s
        cooldown:
          goal: 10min
          heart_rate: zone 2
        """

    @Test func customPlan() throws {
        let plan = try PlanYAML.parse(Self.threshold, name: "threshold", file: "threshold.yaml")
        #expect(plan.name == "threshold")
        guard case .custom(let custom) = plan.kind else { Issue.record("not custom"); return }
        #expect(custom.warmup == PlanStep(purpose: .warmup, goal: .time(seconds: 600)))
        #expect(custom.blocks.count == 1 && custom.blocks[0].iterations == 5)
        #expect(custom.blocks[0].steps[0] == PlanStep(purpose: .work, goal: .distance(meters: 400),
                                                       alert: PlanAlert(metric: .pace, target: .range(low: 240, high: 250))))
        #expect(custom.blocks[0].steps[1].goal == .time(seconds: 90))
        #expect(custom.cooldown?.alert == PlanAlert(metric: .heartRate, target: .zone(2)))
        #expect(plan.steps.count == 12)
    }

    @Test func theOtherKinds() throws {
        let single = try PlanYAML.parse("kind: single\nactivity: cycling\ngoal: 500kcal\n", name: "burn", file: "burn.yaml")
        #expect(single.kind == .singleGoal(.energy(kilocalories: 500)))
        #expect(single.activity == .cycling)
        let pacer = try PlanYAML.parse("kind: pacer\ndistance: 5km\ntime: 25min\n", name: "5k", file: "5k.yaml")
        #expect(pacer.kind == .pacer(meters: 5000, seconds: 1500))
        let tri = try PlanYAML.parse("""
            kind: multisport
            legs:
              - swimming: 750m
              - cycling: 20km
                power: 180-220
              - running: 5km
            """, name: "sprint", file: "sprint.yaml")
        guard case .swimBikeRun(let legs) = tri.kind else { Issue.record("not multisport"); return }
        #expect(legs.map(\.activity) == [.swimming, .cycling, .running])
        #expect(legs[1].alert == PlanAlert(metric: .power, target: .range(low: 180, high: 220)))
        #expect(tri.activity == .swimBikeRun)
    }

    @Test func writingAndReadingGivesTheSamePlan() throws {
        let texts = [Self.threshold, "kind: pacer\ndistance: 5km\ntime: 25min\n",
                     "kind: single\ngoal: 45min\n", "legs:\n  - swimming: 400m\n  - running: open\n"]
        for text in texts {
            let plan = try PlanYAML.parse(text, name: "p", file: "p.yaml")
            let again = try PlanYAML.parse(PlanYAML.text(plan), name: "other", file: "p.yaml")
            #expect(again == plan, "\(PlanYAML.text(plan))")
        }
    }

    @Test(arguments: [
        ("activity: running\nblocks:\n  - repeat: 5\n    steps:\n      - work: 400m\n        pace: 4:10-\n", 6, "blocks[0].steps[0].pace"),
        ("activity: runing\nblocks: []\n", 1, "activity"),
        ("blocks:\n  - repeat: 500\n    steps:\n      - work: 1km\n", 2, "blocks[0].repeat"),
        ("blocks:\n  - steps:\n      - sprint: 1km\n", 3, "blocks[0].steps[0].sprint"),
        ("blocks:\n  - steps:\n      - work: far\n", 3, "blocks[0].steps[0].work"),
        ("kind: pacer\ndistance: 5km\n", 1, "time"),
        ("kind: walk\n", 1, "kind"),
        ("warmup: 10min\ncooldwn: 5min\nblocks:\n  - steps:\n      - work: 1km\n", 2, "cooldwn"),
    ])
    func mistakesNameTheirLineAndField(text: String, line: Int, field: String) {
        do {
            _ = try PlanYAML.parse(text, name: "bad", file: "bad.yaml")
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.field == field, "\(error)")
            #expect(error.description.hasPrefix("bad.yaml:\(line): \(field): "))
        }
    }

    @Test func goalsAndTargetsAsWritten() {
        #expect(PlanValues.goal("400m") == .distance(meters: 400))
        #expect(PlanValues.goal("1:30") == .time(seconds: 90))
        #expect(PlanValues.goal("10 min") == .time(seconds: 600))
        #expect(PlanValues.goal("0m") == nil)
        #expect(PlanValues.target(.speed, "36-40 km/h") == .range(low: 10, high: 40 / 3.6))
        #expect(PlanValues.target(.heartRate, "zone 6") == nil)
        #expect(PlanValues.target(.pace, "4:10-4:00") == nil)
    }
}
