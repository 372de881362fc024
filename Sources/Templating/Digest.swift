/// A 128-bit fingerprint of some bytes or values, the same in every process and on every run.
///
/// Why not Swift's `Hasher`: it is seeded per process, so its values cannot be written to disk and compared by
/// the next build. Why not SHA-256: there is none in Foundation on Linux, and a build fingerprints every file
/// it writes (393 MB at 10 000 motorcycles), where a hand-written SHA-256 would cost a second of CPU. This is
/// not a cryptographic hash: it detects changes, it does not resist someone crafting a collision.
public struct Digest: Hashable, Sendable, CustomStringConvertible {
    public var high: UInt64
    public var low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The digest of one run of bytes.
    public init(of bytes: [UInt8]) {
        var hasher = StableHasher()
        hasher.combine(bytes)
        self = hasher.finalize()
    }

    /// Never the digest of anything: `StableHasher` never finishes on all zeros in practice, and this value
    /// marks "unknown" in a manifest.
    public static let zero = Digest(high: 0, low: 0)

    /// 32 lowercase hexadecimal digits.
    public var description: String {
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(high) + hex(low)
    }

    /// Reads the 32 hexadecimal digits `description` writes; nil for anything else.
    public init?(hex: some StringProtocol) {
        guard hex.utf8.count == 32, let high = UInt64(hex.prefix(16), radix: 16),
            let low = UInt64(hex.dropFirst(16), radix: 16)
        else { return nil }
        self.init(high: high, low: low)
    }
}

/// Feeds bytes, numbers and texts into a `Digest`. Each item is framed by its kind and length, so
/// `("ab", "c")` and `("a", "bc")` differ.
///
/// The mixing is MurmurHash3 x64/128's: two 64-bit lanes, 16 bytes per round, and its finalizer. Items are
/// hashed where they lie (a native string's UTF-8 is read in place), 16 bytes per round.
public struct StableHasher: Sendable {
    private var h1: UInt64
    private var h2: UInt64
    private var rounds: UInt64 = 0

    private static let c1: UInt64 = 0x87c3_7b91_1142_53d5
    private static let c2: UInt64 = 0x4cf5_ad43_2745_937f

    public init(seed: UInt64 = 0x6775_7a7a_692d_7369) {  // "guzzi-si"
        h1 = seed
        h2 = seed ^ 0x9e37_79b9_7f4a_7c15
    }

    @inline(__always)
    private mutating func round(_ a: UInt64, _ b: UInt64) {
        var k1 = a &* Self.c1
        k1 = (k1 << 31) | (k1 >> 33)
        h1 ^= k1 &* Self.c2
        h1 = (h1 << 27) | (h1 >> 37)
        h1 = (h1 &+ h2) &* 5 &+ 0x52dc_e729
        var k2 = b &* Self.c2
        k2 = (k2 << 33) | (k2 >> 31)
        h2 ^= k2 &* Self.c1
        h2 = (h2 << 31) | (h2 >> 33)
        h2 = (h2 &+ h1) &* 5 &+ 0x3849_5ab5
        rounds &+= 1
    }

    /// A number, as one item of its own.
    public mutating func combine(_ value: UInt64) {
        round(value, 0xff51_afd7_ed55_8ccd)
    }

    public mutating func combine(_ digest: Digest) {
        round(digest.high, digest.low)
    }

    /// A run of bytes, framed by its length.
    public mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        round(UInt64(count), 0xc4ce_b9fe_1a85_ec53)
        guard count > 0, let base = bytes.baseAddress else { return }
        var offset = 0
        while offset + 16 <= count {
            round(
                UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)),
                UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
            offset += 16
        }
        if offset < count {
            // The last 1–15 bytes, zero-padded: one copy instead of a loop over bytes (most texts are short).
            var tail: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &tail) {
                $0.copyMemory(from: UnsafeRawBufferPointer(start: base + offset, count: count - offset))
            }
            round(UInt64(littleEndian: tail.0), UInt64(littleEndian: tail.1))
        }
    }

    public mutating func combine(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { combine($0) }
    }

    /// A text's UTF-8 bytes, framed by their length.
    public mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
    }

    public func finalize() -> Digest {
        var a = h1 ^ rounds
        var b = h2 ^ rounds
        a = a &+ b
        b = b &+ a
        a = Self.mix(a)
        b = Self.mix(b)
        a = a &+ b
        b = b &+ a
        return Digest(high: a, low: b)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var k = value
        k ^= k >> 33
        k = k &* 0xff51_afd7_ed55_8ccd
        k ^= k >> 33
        k = k &* 0xc4ce_b9fe_1a85_ec53
        k ^= k >> 33
        return k
    }
}
