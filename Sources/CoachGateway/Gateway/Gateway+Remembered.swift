// What a gateway remembers between runs (StateDirectory), taken up again when it starts: the
// privacy lock, the tmux servers it pushed to, and the primary it mirrored.

extension Gateway {
    func restoreRemembered(recoveredWorkout: Bool) async {
        guard let state else { return }
        if state.isLocked { _ = await setLocked(true) }
        for target in state.tmuxTargets { await followTmux(target) }
        // A gateway with a workout of its own (recovered after a crash) cannot mirror another.
        if !recoveredWorkout { await resumeRememberedMirror() }
    }
}
