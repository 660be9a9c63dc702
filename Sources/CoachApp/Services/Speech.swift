// Speech (docs/voice.md): says every announcement as it happens, in the language of the last
// command understood (English until one is; Japanese through Open JTalk or espeak-ng), on the
// speaker's own thread: the gateway never waits for speech, and a new announcement cuts off a
// stale one. There with `--speak`, `--speak-to DIR` or `voice.speak`, in `coach serve` (the REPL
// speaks for itself); without espeak-ng it is one line in the log.

import CoachGateway
import CoachSettings
import CoachVoice
import Foundation
import Logging
import Synchronization

extension Services {
    final class Speech: GatewayService {
        let name = "speech"
        private let gateway: Gateway
        private let settings: GatewaySettings
        private let directory: String?
        private let logger: Logger
        private let announcing = Mutex<Task<Void, Never>?>(nil)

        /// nil unless the gateway itself is to speak.
        init?(_ request: GatewayRequest, settings: GatewaySettings, gateway: Gateway, logger: Logger) {
            guard case .byTheGateway(let asked, let directory) = request.speech, asked || directory != nil || settings.settings.voice.speak else {
                return nil
            }
            self.gateway = gateway
            self.settings = settings
            self.directory = directory
            self.logger = logger
        }

        func start() async throws {
            let output: Speaker.Output
            if let directory {
                try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                output = .directory(directory)
            } else {
                output = .device(settings.settings.voice.outputDevice)
            }
            let logger = logger
            let speaker: Speaker
            do { speaker = try Speaker(settings: settings.settings, output: output, onNote: { logger.warning("\($0)") }) } catch {
                throw StartProblem("cannot speak (\(error)); install espeak-ng with: sudo apt-get install libespeak-ng1 — continuing without speech")
            }
            let stream = gateway.displays.announcementsFollowingTheUser()
            let task = Task {
                for await announcement in stream { speaker.say(announcement.text, language: announcement.language.rawValue) }
            }
            announcing.withLock { $0 = task }
        }

        func stop() async {
            announcing.withLock { $0 }?.cancel()
        }
    }
}
