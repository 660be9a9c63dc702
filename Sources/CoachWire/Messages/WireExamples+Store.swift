// The documented examples of the results of the methods that change or copy what was saved
// (docs/protocol.md, "Results"; docs/mirroring.md tells what a replica is for). Beside
// WireExamples.swift for length.

extension WireExamples {
    public static let workoutsDelete = WorkoutDeleteResult(
        deleted: true, workouts: [workoutID], samples: 3591, message: docSentence("Deleted workout 5f0c2a8e and its 3591 samples."))
    public static let workoutsDeleteAsked = WorkoutDeleteResult.confirmationRequired(
        id: workoutID, message: docSentence("Delete running 5f0c2a8e of 2026-05-01T07:30:12Z and its 3591 samples? It cannot be undone. ")
            + docSentence("Send confirm:true (coach delete --yes) to delete it."))
    public static let samplesDelete = SamplesDeleteResult(deleted: 2, updatedWorkouts: [workoutID])
}
