/// The whole dataset, decoded and validated: what the site is built from.
public struct Catalogue: Sendable, Equatable {
    /// The dataset's schema/content version (`version` at the root of info_moto.json).
    public var version: Int
    public var motorcycles: [Motorcycle]

    public init(version: Int, motorcycles: [Motorcycle]) {
        self.version = version
        self.motorcycles = motorcycles
    }
}
