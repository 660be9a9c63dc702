// AudioInput: where `coach listen` gets 16 kHz mono 16-bit samples — a WAV file, standard input
// (WAV, or raw s16le at 16 kHz mono), or an ALSA capture device — read in chunks so a pipe or the
// microphone is recognised as it arrives.

import Foundation

public protocol AudioInput: AnyObject {
    /// The next chunk of samples; nil at the end of the input.
    func next() throws(AudioFormatError) -> [Int16]?
}

/// A whole audio file or buffer, decoded up front.
public final class BufferedAudioInput: AudioInput {
    private var samples: ArraySlice<Int16>
    private let chunk: Int

    public init(_ audio: PCMAudio, chunk: Int = 1600) {
        samples = audio.samples[...]
        self.chunk = chunk
    }

    /// Decodes a WAV file (converted to 16 kHz mono), refusing what it cannot read.
    public convenience init(wavFile path: String) throws(AudioFormatError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            let why = access(path, R_OK) != 0 ? String(cString: strerror(errno))
                : FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue ? "a directory, not a WAV file"
                : "not a readable file"
            throw AudioFormatError("cannot read \(path): \(why)")
        }
        self.init(try WAV.decode(Array(data)))
    }

    public func next() -> [Int16]? {
        guard !samples.isEmpty else { return nil }
        let out = Array(samples.prefix(chunk))
        samples = samples.dropFirst(chunk)
        return out
    }
}

/// A file descriptor (standard input): a WAV stream, or raw s16le 16 kHz mono when it has no
/// RIFF header. A WAV stream in another format is read to its end and converted.
public final class StreamAudioInput: AudioInput {
    private let fd: Int32
    private var pending: [UInt8] = []
    private var started = false
    private var converted: BufferedAudioInput?
    private var eof = false

    public init(fileDescriptor: Int32) { fd = fileDescriptor }

    private func fill(_ want: Int) -> Bool {
        var buffer = [UInt8](repeating: 0, count: max(want, 4096))
        while pending.count < want && !eof {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { eof = true; break }
            pending += buffer.prefix(n)
        }
        return pending.count >= want
    }

    public func next() throws(AudioFormatError) -> [Int16]? {
        if let converted { return converted.next() }
        if !started {
            started = true
            _ = fill(12)
            if WAV.looksLikeWAV(pending) {
                // Read until the header (up to the data chunk) is complete.
                var header: (format: WAVFormat, dataOffset: Int, dataLength: Int)?
                while header == nil {
                    do { header = try WAV.header(pending) } catch {
                        if eof || pending.count > 1 << 20 { throw error }
                        _ = fill(pending.count + 4096)
                    }
                }
                guard let header else { return nil }
                pending.removeFirst(header.dataOffset)
                let f = header.format
                if !(f.formatTag == 1 && f.channels == 1 && f.bitsPerSample == 16 && f.rate == 16_000) {
                    while fill(pending.count + 65536) {}
                    let mono = try WAV.monoSamples(pending[...], format: f)
                    converted = BufferedAudioInput(PCMAudio(samples: WAV.resample(mono, from: f.rate, to: 16_000), rate: 16_000))
                    pending = []
                    return converted?.next()
                }
            }
        }
        // What has arrived, not a fixed amount: waiting for 100 ms of a pipe fed in real time
        // added up to 100 ms to the answer (Benchmarks/voice/latency.sh).
        if pending.count < 2 { _ = fill(2) }
        let usable = pending.count & ~1
        guard usable > 0 else { return nil }
        var out = [Int16](repeating: 0, count: usable / 2)
        for i in 0..<out.count { out[i] = Int16(bitPattern: UInt16(pending[2 * i]) | UInt16(pending[2 * i + 1]) << 8) }
        pending.removeFirst(usable)
        return out
    }
}

/// The microphone through ALSA (until the process is interrupted).
public final class MicrophoneAudioInput: AudioInput {
    let pcm: AlsaPCM

    public init(alsa: AlsaLibrary, device: String) throws(AlsaPCM.Failure) {
        pcm = try AlsaPCM(alsa: alsa, device: device, capture: true, rate: 16_000)
    }

    public func next() throws(AudioFormatError) -> [Int16]? {
        // 20 ms at a time: the VAD and the decoder see speech as it comes (100 ms reads added up to
        // 100 ms to every answer).
        guard let chunk = pcm.read(320) else { throw AudioFormatError("the microphone stopped delivering audio") }
        return chunk
    }
}
