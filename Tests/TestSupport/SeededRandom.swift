/// SplitMix64: tiny, fast and fully determined by its seed, so a failing fuzz case can be replayed from its
/// number. Shared by the fuzz and pressure tests of every module.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (0 when `bound` is not positive).
    public mutating func int(_ bound: Int) -> Int { Int.random(in: 0..<max(bound, 1), using: &self) }

    public mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }
}
