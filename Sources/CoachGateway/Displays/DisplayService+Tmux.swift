// tmux followers: each followed tmux server gets every feed change pushed into its @coach option.

import CoachCore
import Synchronization

extension DisplayService {
    /// Pushes every feed change into `@coach` on that tmux server until the gateway stops.
    /// Following the same server twice is a no-op. `remember`: a restarted gateway follows it again.
    public func followTmux(_ target: TmuxTarget, language: Language = .en, remember: Bool = false) async {
        let contents = await feed.contents()
        let wording = wording(language)
        tmuxFollowers.withLock { followers in
            guard followers[target] == nil else { return }
            followers[target] = Task { await TmuxPusher(target: target).follow(contents, wording: wording) }
        }
        if remember { state?.remember(target) }
    }

    /// The tmux servers being followed.
    public var tmuxTargets: [TmuxTarget] { tmuxFollowers.withLock { Array($0.keys) } }

    /// Stops pushing to tmux (each option is cleared so no frozen workout remains).
    public func stopFollowingTmux() async {
        let tasks = tmuxFollowers.withLock { followers in
            defer { followers.removeAll() }
            return Array(followers.values)
        }
        await feed.finish()
        for task in tasks { await task.value }
    }
}
