// The client's directory rule (CoachWire's GatewayTrust) on directories this user owns; the
// other-user cases need root and live in CoachCLITests' UntrustedGatewayTests.

import CoachWire
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

struct GatewayTrustTests {
    private func directory(mode: mode_t) -> String {
        let path = temporaryDirectory() + "/sock"
        mkdir(path, 0o700)
        chmod(path, mode)
        return path
    }

    @Test func aPrivateDirectoryOfOursPasses() throws {
        let location = SocketLocation(path: directory(mode: 0o700) + "/coach.sock")
        try GatewayTrust.checkDirectory(of: location)
    }

    @Test func aMissingDirectoryPassesBecauseThereIsNothingToTalkTo() throws {
        try GatewayTrust.checkDirectory(of: SocketLocation(path: temporaryDirectory() + "/absent/coach.sock"))
    }

    @Test(arguments: [0o777, 0o770, 0o722] as [mode_t])
    func aDirectoryOthersCanWriteIsRefused(mode: mode_t) throws {
        let location = SocketLocation(path: directory(mode: mode) + "/coach.sock")
        let error = #expect(throws: UntrustedGateway.self) { try GatewayTrust.checkDirectory(of: location) }
        #expect(error?.reason == .directoryWritable(mode: UInt32(S_IFDIR | mode)))
        #expect(error?.description.contains(location.directory) == true)
    }

    @Test func aStickySharedDirectoryPassesWhenTheSocketFileIsOurs() throws {
        let shared = directory(mode: 0o1777)
        try GatewayTrust.checkDirectory(of: SocketLocation(path: shared + "/absent.sock"))
        let fd = RawSocket.stream()
        defer { close(fd) }
        #expect(RawSocket.bind(fd, shared + "/ours.sock") == 0)
        try GatewayTrust.checkDirectory(of: SocketLocation(path: shared + "/ours.sock"))
    }

    @Test func aSymbolicLinkInPlaceOfTheDirectoryIsFollowedOnlyWhenOurs() throws {
        let target = directory(mode: 0o700)
        let link = temporaryDirectory() + "/link"
        #expect(symlink(target, link) == 0)
        try GatewayTrust.checkDirectory(of: SocketLocation(path: link + "/coach.sock"))
        let file = temporaryDirectory() + "/file"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        let error = #expect(throws: UntrustedGateway.self) { try GatewayTrust.checkDirectory(of: SocketLocation(path: file + "/coach.sock")) }
        #expect(error?.reason == .notADirectory)
    }

    @Test func theGatewaysOwnSocketPassesThePeerCheck() async throws {
        let test = try await TestGateway.start(directory: temporaryDirectory())
        let pong = try await onThread { try test.client().call("ping") }
        #expect(pong == "pong")
        await test.stop()
    }
}
