// Fuzz target: one line of the socket protocol — parsed as JSON (CoachWire), then answered by the
// RequestRouter (route table, params decoding, the method itself) of a gateway in virtual time with
// no store. A crash, a trap or a reply containing a newline is a finding.

import CoachGateway
import CoachWire
import FuzzCommon

nonisolated(unsafe) var router: RequestRouter?
nonisolated(unsafe) var session: ConnectionSession?

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let line = Fuzz.text(data, size)
    _ = try? JSONValue(parsing: line)
    if router == nil {
        var configuration = GatewayConfiguration()
        configuration.virtualClock = true
        configuration.countdown = .zero
        configuration.intentsDirectory = Fuzz.intentsDirectory
        guard let gateway = try? GatewayAssembly.makeGateway(configuration) else { fatalError("cannot load \(Fuzz.intentsDirectory)") }
        router = RequestRouter(gateway: gateway)
        session = ConnectionSession()
    }
    guard let router, let session else { return 0 }
    // One line is what the framing hands over: split as the connection would.
    for piece in line.split(separator: "\n", omittingEmptySubsequences: true) {
        let text = String(piece)
        Fuzz.wait {
            if let reply = await router.reply(to: text, session: session) {
                precondition(!reply.contains("\n"), "a reply spans two lines: \(reply)")
            }
        }
    }
    return 0
}

/// SwiftPM's `main` for this executable: libFuzzer's driver with the callback above.
@_cdecl("FuzzRPCLine_main")
public func fuzzRPCLineMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzz.run(argc, argv) { data, size in data.map { fuzz($0, size) } ?? 0 }
}
