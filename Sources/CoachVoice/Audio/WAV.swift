// WAV: reading RIFF/WAVE (PCM 8/16/24/32-bit, float 32/64, any rate and channel count) into the
// 16 kHz mono 16-bit samples the recogniser takes, and writing 16-bit mono WAV (speech out).
// Anything else (µ-law, ADPCM, MP3 in WAV, not WAV at all) is refused with a message naming it.

import Foundation

/// Mono 16-bit samples at `rate` Hz.
public struct PCMAudio: Sendable, Equatable {
    public var samples: [Int16]
    public var rate: Int
    public init(samples: [Int16], rate: Int) {
        self.samples = samples
        self.rate = rate
    }
    public var duration: Double { rate > 0 ? Double(samples.count) / Double(rate) : 0 }
}

public struct AudioFormatError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

public struct WAVFormat: Sendable, Equatable {
    public var formatTag: Int  // 1 PCM, 3 float
    public var channels: Int
    public var rate: Int
    public var bitsPerSample: Int

    public var summary: String {
        "\(Self.formatName(formatTag)) \(bitsPerSample)-bit, \(channels) channel\(channels == 1 ? "" : "s"), \(rate) Hz"
    }

    static func formatName(_ tag: Int) -> String {
        switch tag {
        case 1: return "PCM"
        case 2: return "Microsoft ADPCM"
        case 3: return "IEEE float"
        case 6: return "A-law"
        case 7: return "µ-law"
        case 0x11: return "IMA ADPCM"
        case 0x55: return "MP3"
        default: return "format 0x" + String(tag, radix: 16)
        }
    }
}

public enum WAV {
    /// True when `bytes` start like a RIFF/WAVE file.
    public static func looksLikeWAV(_ bytes: some Collection<UInt8>) -> Bool {
        Array(bytes.prefix(4)) == Array("RIFF".utf8) && Array(bytes.dropFirst(8).prefix(4)) == Array("WAVE".utf8)
    }

    /// Parses the header: the format and where the sample data starts (its length may be a
    /// placeholder, as `arecord` writes to a pipe: the data then runs to the end of the input).
    public static func header(_ bytes: [UInt8]) throws(AudioFormatError) -> (format: WAVFormat, dataOffset: Int, dataLength: Int) {
        guard looksLikeWAV(bytes) else { throw AudioFormatError("not a WAV file (no RIFF/WAVE header)") }
        var pos = 12
        var format: WAVFormat?
        while pos + 8 <= bytes.count {
            let id = String(decoding: bytes[pos..<pos + 4], as: UTF8.self)
            let size = Int(le32(bytes, pos + 4))
            let body = pos + 8
            if id == "fmt " {
                guard body + 16 <= bytes.count else { break }
                var tag = Int(le16(bytes, body))
                if tag == 0xFFFE, size >= 40, body + 26 <= bytes.count { tag = Int(le16(bytes, body + 24)) }  // extensible
                format = WAVFormat(formatTag: tag, channels: Int(le16(bytes, body + 2)), rate: Int(le32(bytes, body + 4)),
                                   bitsPerSample: Int(le16(bytes, body + 14)))
            } else if id == "data" {
                guard let format else { throw AudioFormatError("WAV file has its data before its format chunk") }
                let available = bytes.count - body
                let length = size == 0 || size > available ? available : size
                return (format, body, length)
            }
            pos = body + size + (size & 1)
        }
        throw AudioFormatError("WAV file has no data chunk")
    }

    /// Decodes a whole WAV file into 16 kHz mono 16-bit samples, converting rate, channels and
    /// sample format; unsupported encodings are refused naming them.
    public static func decode(_ bytes: [UInt8], targetRate: Int = 16_000) throws(AudioFormatError) -> PCMAudio {
        let (format, offset, length) = try header(bytes)
        let mono = try monoSamples(bytes[offset..<offset + length], format: format)
        return PCMAudio(samples: resample(mono, from: format.rate, to: targetRate), rate: targetRate)
    }

    /// Interleaved samples of `format` → mono Int16 at the same rate.
    static func monoSamples(_ data: ArraySlice<UInt8>, format: WAVFormat) throws(AudioFormatError) -> [Int16] {
        guard format.channels >= 1, format.channels <= 32, format.rate >= 4000, format.rate <= 384_000 else {
            throw AudioFormatError("unusable WAV format: \(format.summary)")
        }
        let bytesPer = format.bitsPerSample / 8
        let supported = (format.formatTag == 1 && [1, 2, 3, 4].contains(bytesPer) && format.bitsPerSample % 8 == 0)
            || (format.formatTag == 3 && [4, 8].contains(bytesPer))
        guard supported else {
            throw AudioFormatError("cannot read \(format.summary) audio: convert it to 16-bit PCM, e.g. sox IN.wav -r 16000 -c 1 -b 16 OUT.wav")
        }
        let frameBytes = bytesPer * format.channels
        let frames = data.count / frameBytes
        var out = [Int16](repeating: 0, count: frames)
        let base = data.startIndex
        data.withContiguousStorageIfAvailable { raw in
            for f in 0..<frames {
                var sum = 0.0
                for c in 0..<format.channels {
                    let p = f * frameBytes + c * bytesPer
                    sum += sampleValue(raw, p, bytesPer: bytesPer, float: format.formatTag == 3)
                }
                let v = (sum / Double(format.channels)).rounded()
                out[f] = Int16(max(-32768, min(32767, v.isFinite ? v : 0)))
            }
        } ?? {
            // Not contiguous (never for Array slices); copy and retry.
            out = (try? monoSamples(ArraySlice(Array(data)), format: format)) ?? []
        }()
        _ = base
        return out
    }

    /// One sample scaled to the Int16 range.
    private static func sampleValue(_ raw: UnsafeBufferPointer<UInt8>, _ p: Int, bytesPer: Int, float: Bool) -> Double {
        if float {
            if bytesPer == 4 {
                let bits = UInt32(raw[p]) | UInt32(raw[p + 1]) << 8 | UInt32(raw[p + 2]) << 16 | UInt32(raw[p + 3]) << 24
                return Double(Float(bitPattern: bits)) * 32767
            }
            var bits: UInt64 = 0
            for i in 0..<8 { bits |= UInt64(raw[p + i]) << (8 * UInt64(i)) }
            return Double(bitPattern: bits) * 32767
        }
        switch bytesPer {
        case 1: return (Double(raw[p]) - 128) * 256  // 8-bit WAV is unsigned
        case 2: return Double(Int16(bitPattern: UInt16(raw[p]) | UInt16(raw[p + 1]) << 8))
        case 3:
            let v = Int32(bitPattern: UInt32(raw[p]) << 8 | UInt32(raw[p + 1]) << 16 | UInt32(raw[p + 2]) << 24)
            return Double(v) / 65536
        default:
            let v = Int32(bitPattern: UInt32(raw[p]) | UInt32(raw[p + 1]) << 8 | UInt32(raw[p + 2]) << 16 | UInt32(raw[p + 3]) << 24)
            return Double(v) / 65536
        }
    }

    /// Linear-interpolation resampling, with a box pre-filter when going down (enough for speech
    /// recognition, which only looks below 8 kHz).
    public static func resample(_ samples: [Int16], from: Int, to: Int) -> [Int16] {
        guard from != to, from > 0, to > 0, !samples.isEmpty else { return samples }
        var source = samples.map(Double.init)
        let ratio = Double(from) / Double(to)
        if ratio > 1.2 {
            let width = max(2, Int(ratio.rounded()))
            var smoothed = source
            var acc = 0.0
            for i in source.indices {
                acc += source[i]
                if i >= width { acc -= source[i - width] }
                smoothed[i] = acc / Double(min(i + 1, width))
            }
            source = smoothed
        }
        let count = Int(Double(samples.count) / ratio)
        var out = [Int16](repeating: 0, count: count)
        for i in 0..<count {
            let x = Double(i) * ratio
            let j = Int(x)
            let frac = x - Double(j)
            let a = source[min(j, source.count - 1)], b = source[min(j + 1, source.count - 1)]
            out[i] = Int16(max(-32768, min(32767, (a + (b - a) * frac).rounded())))
        }
        return out
    }

    /// A 16-bit mono WAV file of `audio`.
    public static func encode(_ audio: PCMAudio) -> [UInt8] {
        var out: [UInt8] = []
        let dataBytes = audio.samples.count * 2
        func u32(_ v: Int) { out += withUnsafeBytes(of: UInt32(truncatingIfNeeded: v).littleEndian, Array.init) }
        func u16(_ v: Int) { out += withUnsafeBytes(of: UInt16(truncatingIfNeeded: v).littleEndian, Array.init) }
        out += Array("RIFF".utf8); u32(36 + dataBytes); out += Array("WAVE".utf8)
        out += Array("fmt ".utf8); u32(16); u16(1); u16(1); u32(audio.rate); u32(audio.rate * 2); u16(2); u16(16)
        out += Array("data".utf8); u32(dataBytes)
        audio.samples.withUnsafeBytes { out += $0 }  // little-endian hosts (x86_64, arm64)
        return out
    }

    static func le16(_ b: [UInt8], _ p: Int) -> UInt16 { UInt16(b[p]) | UInt16(b[p + 1]) << 8 }
    static func le32(_ b: [UInt8], _ p: Int) -> UInt32 {
        UInt32(b[p]) | UInt32(b[p + 1]) << 8 | UInt32(b[p + 2]) << 16 | UInt32(b[p + 3]) << 24
    }
}
