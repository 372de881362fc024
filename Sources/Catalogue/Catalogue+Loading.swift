extension Catalogue {
    /// Loads and validates a catalogue file, for callers that only want a usable catalogue or a reason to stop.
    ///
    /// Warnings (translation gaps, stray text entries) do not stop a build; they are returned so the caller can
    /// show them.
    /// With `strict`, warnings fail the load like errors: for a dataset's own CI, which wants every slip fixed.
    public static func load(contentsOf path: String, strict: Bool = false) throws(CatalogueError) -> (
        catalogue: Catalogue, warnings: [Problem]
    ) {
        try load(try bytes(contentsOf: path), path: path, strict: strict)
    }

    /// The same from bytes already read (by a caller that also compares them with an earlier build's).
    public static func load(_ bytes: [UInt8], path: String, strict: Bool = false) throws(CatalogueError) -> (
        catalogue: Catalogue, warnings: [Problem]
    ) {
        let result = CatalogueDecoder.decode(bytes)
        guard let catalogue = result.catalogue else {
            throw CatalogueError.invalid(path: path, problems: result.problems)
        }
        if strict && !result.warnings.isEmpty {
            throw CatalogueError.invalid(path: path, problems: result.problems.map(\.strict))
        }
        return (catalogue, result.warnings)
    }

    /// A dataset file's bytes; an unreadable file is `.unreadable` with the system's reason.
    public static func bytes(contentsOf path: String) throws(CatalogueError) -> [UInt8] {
        try CatalogueDecoder.readFile(path)
    }
}
