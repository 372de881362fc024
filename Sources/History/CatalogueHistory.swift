import Files

/// What changed in the catalogue, release by release: the sidecar `FILE.history.json` beside the dataset
/// (`info_moto.json` → `info_moto.history.json`), made by `guzzi-site history` from the dataset's git history.
///
/// No file of the dataset holds a date or an identity (its `version` repeats, and once did not parse): a release
/// is identified by the digest of the file's bytes and dated by the commit that published it.
public struct CatalogueHistory: Sendable, Equatable {
    public static let format = 1
    /// Oldest first.
    public var releases: [Release]

    public init(releases: [Release] = []) {
        self.releases = releases
    }

    /// Whether the last release is the dataset with these bytes: a history written before the dataset changed
    /// (by hand, or by an update from elsewhere) is not.
    public func ends(at dataset: [UInt8]) -> Bool {
        releases.last?.digest == Digest(of: dataset).description
    }

    /// What `check` and `build` warn when the history does not end at the dataset at `dataPath` (these bytes);
    /// nil when it does, or holds no release.
    public func staleness(of dataPath: String, data: [UInt8]) -> String? {
        guard let last = releases.last, !ends(at: data) else { return nil }
        return "\(Self.path(forDataset: dataPath)) ends at the release of \(last.date.prefix(10)), not at \(dataPath) "
            + "as it is now: run 'guzzi-site history' again"
    }

    /// The sidecar's path: the dataset's, with `.history.json` for its extension.
    public static func path(forDataset dataPath: String) -> String {
        let base = dataPath.hasSuffix(".json") ? String(dataPath.dropLast(5)) : dataPath
        return base + ".history.json"
    }
}

/// One published version of the dataset and what changed against the one before.
public struct Release: Sendable, Equatable {
    /// When the version was committed (ISO 8601, with the committer's offset, as git prints it).
    public var date: String
    /// The dataset's own `version`, when it is a whole number.
    public var version: Int?
    /// The digest of the file's bytes (`Files.Digest`, 32 hex digits): the release's identity.
    public var digest: String
    /// The commit it came from, when it came from git.
    public var commit: String?
    public var motorcycles: Int
    /// The first release in today's schema: a summary ("the catalogue in this schema, N motorcycles"), no changes.
    public var isFirst: Bool
    public var added: [Int] = []
    public var removed: [Int] = []
    public var figures: [FigureChange] = []
    public var texts: [TextChange] = []
    public var photos: [PhotoChange] = []

    public init(
        date: String, version: Int?, digest: String, commit: String?, motorcycles: Int, isFirst: Bool
    ) {
        self.date = date
        self.version = version
        self.digest = digest
        self.commit = commit
        self.motorcycles = motorcycles
        self.isFirst = isFirst
    }

    /// Whether it changed anything against the release before (the first always counts).
    public var changesSomething: Bool {
        isFirst || !added.isEmpty || !removed.isEmpty || !figures.isEmpty || !texts.isEmpty || !photos.isEmpty
    }
}

/// A figure of a motorcycle, before and after (`nil`: not stated; the dataset's 0 and null both mean that).
public struct FigureChange: Sendable, Equatable {
    public var id: Int
    /// Its path in the element: `frame.wheelbase`, `engine.power.peak`.
    public var path: String
    public var before: Figure?
    public var after: Figure?

    public init(id: Int, path: String, before: Figure?, after: Figure?) {
        self.id = id
        self.path = path
        self.before = before
        self.after = after
    }
}

/// A figure as the dataset states it: a number, or a text that is not a key into `texts` (`26 x 2 1/4`).
public enum Figure: Sendable, Equatable {
    case number(Double)
    case text(String)
}

/// A text of a motorcycle that changed, and in which languages.
public struct TextChange: Sendable, Equatable {
    public var id: Int
    /// The field that holds the text's key: `notes`, `engine.feed`.
    public var field: String
    /// Sorted language codes (`en`, `it`).
    public var languages: [String]

    public init(id: Int, field: String, languages: [String]) {
        self.id = id
        self.field = field
        self.languages = languages
    }
}

/// The photos of a motorcycle that came or went.
public struct PhotoChange: Sendable, Equatable {
    public var id: Int
    public var added: [String]
    public var removed: [String]

    public init(id: Int, added: [String], removed: [String]) {
        self.id = id
        self.added = added
        self.removed = removed
    }
}
