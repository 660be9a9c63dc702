// The FTP the feed's power zones use (issue 33, item 8): `profile.ftp` from the settings, else
// the estimate in effect from saved rides (FTPEstimate.current), read when the gateway starts and
// again after each saved workout, since a ride with 20 minutes of power may have moved it.

import CoachCore
import CoachGateway
import CoachSettings
import CoachStore
import Foundation
import Synchronization

enum PowerZoneFollower {
    /// The zones for the FTP in effect now; nil without one.
    static func zones(settings: CoachSettings, store: WorkoutStore?) -> PowerZones? {
        if let ftp = settings.profile.ftp { return PowerZones(ftp: ftp) }
        guard let estimate = (try? store?.currentFTP()) ?? nil else { return nil }
        return PowerZones(ftp: estimate.watts)
    }

    /// Sets the zones now and after every save; ends with the manager's changes (at shutdown) or
    /// when cancelled. A configured FTP never changes, so then there is nothing to follow.
    static func follow(gateway: Gateway, settings: CoachSettings, store: WorkoutStore?) -> Task<Void, Never> {
        let changes = gateway.manager.changes()
        return Task {
            await gateway.displays.feed.setPowerZones(zones(settings: settings, store: store))
            guard settings.profile.ftp == nil, store != nil else { return }
            for await change in changes {
                guard case .saved = change.notification else { continue }
                await gateway.displays.feed.setPowerZones(zones(settings: settings, store: store))
            }
        }
    }
}

extension Services {
    /// Always there: the zones are the feed's, whatever shows it.
    final class PowerZoneFollowing: GatewayService {
        let name = "power-zones"
        private let gateway: Gateway
        private let settings: CoachSettings
        private let store: WorkoutStore?
        private let following = Mutex<Task<Void, Never>?>(nil)

        init(gateway: Gateway, settings: CoachSettings, store: WorkoutStore?) {
            self.gateway = gateway
            self.settings = settings
            self.store = store
        }

        func start() async {
            let task = PowerZoneFollower.follow(gateway: gateway, settings: settings, store: store)
            following.withLock { $0 = task }
        }

        func stop() async {
            following.withLock { $0 }?.cancel()
        }
    }
}
