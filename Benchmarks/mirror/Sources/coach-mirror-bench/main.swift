// Mirror lag: from a change made on the primary (a pause or a resume, alternately) to the status
// notification that shows it on the mirror, p50/p99 — against the peer measured in the same run:
// the same change seen by a direct subscriber of the primary. The lag's cost of mirroring is the
// difference. Started by Benchmarks/mirror/run.sh, which runs the gateways (and the sshd). With
// `offer`, the link is opened from the primary's side instead (`mirror.offer` with those params),
// and dropped at the end.
//
//   coach-mirror-bench PRIMARY_SOCKET MIRROR_SOCKET LABEL [CHANGES=200] [LINK_PARAMS_JSON] [start|offer]

import CoachWire
import Foundation
import Synchronization

let arguments = CommandLine.arguments
guard arguments.count >= 4 else {
    FileHandle.standardError.write(Data("usage: coach-mirror-bench PRIMARY_SOCKET MIRROR_SOCKET LABEL [CHANGES] [START_PARAMS]\n".utf8))
    exit(64)
}
let primarySocket = SocketLocation(path: arguments[1])
let mirrorSocket = SocketLocation(path: arguments[2])
let label = arguments[3]
let changes = arguments.count > 4 ? max(10, Int(arguments[4]) ?? 200) : 200

func fail(_ text: String) -> Never {
    FileHandle.standardError.write(Data("coach-mirror-bench: \(text)\n".utf8))
    exit(1)
}

/// Every `status` state a subscriber sees, with its arrival time.
final class Watcher: @unchecked Sendable {
    let seen = Mutex<[(state: String, at: ContinuousClock.Instant)]>([])
    init(_ location: SocketLocation) {
        let client: GatewayClient
        do {
            client = try GatewayClient(location: location)
            _ = try client.call("subscribe", ["events": false, "status": true])
        } catch { fail("subscribe on \(location.path): \(error)") }
        Thread { [self] in
            while let line = try? client.readLine() {
                guard let message = try? JSONValue(parsing: line), message["method"]?.stringValue == "status",
                      let state = message["params"]?["state"]?.stringValue else { continue }
                let now = ContinuousClock.now
                seen.withLock { $0.append((state, now)) }
            }
        }.start()
    }

    func first(_ state: String, after: ContinuousClock.Instant, timeout: Duration = .seconds(10)) -> Duration? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let hit = seen.withLock({ $0.first { $0.at >= after && $0.state == state } }) { return hit.at - after }
            usleep(200)
        }
        return nil
    }
}

let offered = arguments.count > 6 && arguments[6] == "offer"
do {
    let mirror = try GatewayClient(location: mirrorSocket)
    if arguments.count > 5 {
        let params = try JSONValue(parsing: arguments[5])
        if offered {
            _ = try mirror.call("mirror.stop")  // a gateway that mirrors refuses an offer
            _ = try GatewayClient(location: primarySocket).call("mirror.offer", params)
        } else {
            _ = try mirror.call("mirror.start", params)
        }
    }
    let deadline = ContinuousClock.now + .seconds(30)
    while try mirror.call("mirror.status")["state"]?.stringValue != "live" {
        guard ContinuousClock.now < deadline else { fail("the mirror link did not go live: \(try mirror.call("mirror.status").serialized())") }
        usleep(20_000)
    }
    let primary = try GatewayClient(location: primarySocket)
    let state = try primary.call("status")["state"]?.stringValue
    if state != "running" && state != "paused" {
        _ = try primary.call("start", ["activity": "cycling", "location": "indoor"])
    }
    if try primary.call("status")["state"]?.stringValue == "paused" { _ = try primary.call("resume") }
    let onMirror = Watcher(mirrorSocket)
    let onPrimary = Watcher(primarySocket)
    usleep(300_000)
    var mirrorLag: [Double] = [], directLag: [Double] = []
    for index in 0..<changes {
        let (method, target) = index % 2 == 0 ? ("pause", "paused") : ("resume", "running")
        let since = ContinuousClock.now
        _ = try primary.call(method)
        guard let direct = onPrimary.first(target, after: since), let mirrored = onMirror.first(target, after: since) else {
            fail("change \(index) (\(method)) never showed")
        }
        directLag.append(Double(direct.components.attoseconds) / 1e15 + Double(direct.components.seconds) * 1000)
        mirrorLag.append(Double(mirrored.components.attoseconds) / 1e15 + Double(mirrored.components.seconds) * 1000)
        usleep(5_000)
    }
    func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }
    let format = { (value: Double) in String(format: "%7.2f ms", value) }
    print("mirror lag over \(label), \(changes) changes (pause/resume on the primary → status on the mirror)")
    print("  mirror           p50 \(format(percentile(mirrorLag, 0.5)))   p99 \(format(percentile(mirrorLag, 0.99)))")
    print("  peer: direct     p50 \(format(percentile(directLag, 0.5)))   p99 \(format(percentile(directLag, 0.99)))   (a subscriber of the primary itself)")
    print(String(format: "  ratio mirror/peer   p50 %.2f×   p99 %.2f×", percentile(mirrorLag, 0.5) / percentile(directLag, 0.5),
                 percentile(mirrorLag, 0.99) / percentile(directLag, 0.99)))
    _ = try primary.call("end", ["save": true])
    if offered, let target = try JSONValue(parsing: arguments[5])["target"] { _ = try primary.call("mirror.drop", ["mirror": target]) }
} catch {
    fail("\(error)")
}
