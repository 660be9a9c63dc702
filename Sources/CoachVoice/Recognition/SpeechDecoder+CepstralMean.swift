// The cepstral mean a decoder fed while the person speaks starts from. Fed in pieces, pocketsphinx
// subtracts a running mean (its "live" CMN: the mean of the utterances before, updated after each)
// instead of the utterance's own; the first utterance gets the model's `-cmninit` from feat.params,
// which does not describe Coach's front end (NoiseFloor's hiss, SpeechLevel): its c0 is 41 where
// speech through Coach measures about 60, and with it the first utterance of a session was lost
// (flite's "start a thirty minute outdoor run" heard as nothing; 46, measured through
// pocketsphinx_continuous instead, lost it too). feat.params overrides the same option on the
// command line, so a copy of it with Coach's mean is given as `-featparams`. Measured through
// `coach listen --decoding streaming` (COACH_VOICE_PSLOG=FILE keeps pocketsphinx's log) over the
// 45 non-commands of the voice tests (never the commands) in espeak-ng's 7 and flite's 4 voices:
// the mean of the live CMN's updates after the 5th utterance. Decoding a whole utterance (files)
// computes the utterance's own mean and never reads this.

import Foundation

extension SpeechDecoder {
    static let cepstralMean = "60.14,-2.50,1.09,10.96,-4.78,-1.12,-1.77,-8.38,-4.41,-2.36,1.63,-1.49,-2.01"

    /// `-featparams` of a copy of the model's feat.params with Coach's initial cepstral mean,
    /// written into `scratch` (none without a scratch directory or a feat.params to copy).
    static func featureParameters(model: String, scratch: String?) -> [String] {
        guard let scratch, let original = try? String(contentsOfFile: model + "/feat.params", encoding: .utf8) else { return [] }
        var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeAll { $0.hasPrefix("-cmninit") }
        lines.insert("-cmninit \(cepstralMean)", at: max(0, lines.count - 1))
        let path = scratch + "/feat.params"
        guard FileManager.default.createFile(atPath: path, contents: Data(lines.joined(separator: "\n").utf8)) else { return [] }
        return ["-featparams", path]
    }
}
