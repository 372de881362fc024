extension Catalogue {
    /// Loads and validates a catalogue file, for callers that only want a usable catalogue or a reason to stop.
    ///
    /// Warnings (translation gaps, stray text entries) do not stop a build; they are returned so the caller can
    /// show them.
    public static func load(contentsOf path: String) throws(CatalogueError) -> (
        catalogue: Catalogue, warnings: [Problem]
    ) {
        let result = try CatalogueDecoder.decode(contentsOf: path)
        guard let catalogue = result.catalogue else {
            throw CatalogueError.invalid(path: path, problems: result.problems)
        }
        return (catalogue, result.warnings)
    }
}
