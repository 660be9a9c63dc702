// One version: what `hello` and the OpenRPC document say is CoachVersion.current, the same string
// `coach --version` and the REPL banner print (CoachCLITests/StartOutputTests).

import CoachWire
import Testing
@testable import CoachGateway

@Suite(.serialized) struct VersionTests {
    @Test func helloAndTheOpenRPCDocumentNameTheOneVersion() async throws {
        try await TestGateway.running { test in
            let client = try test.client()
            let hello = try client.call("hello", ["client": "version-test"])
            #expect(hello["gateway"]?.stringValue == CoachVersion.current)
            let document = try client.call("rpc.discover")
            #expect(document["info"]?["version"]?.stringValue == CoachVersion.current)
        }
        #expect(CoachVersion.current.split(separator: ".").count == 3, "semantic version: \(CoachVersion.current)")
    }
}
