import Catalogue
import Files
import History

/// The catalogue's history as the site shows it: the sidecar's releases (`guzzi-site history`) newest first,
/// with each motorcycle they name found by id in today's catalogue, and for each motorcycle the release it came in
/// and what changed of it after.
///
/// Made once with the plan (and kept with it in `serve`'s cache, since the history is part of `BuildKeys.models`),
/// so the What's new pages, the feeds and the motorcycle pages read one view of it.
struct SiteHistory: Sendable {
    /// Newest first.
    let releases: [Release]
    /// Motorcycle indices by id, in today's catalogue.
    let indexByID: [Int: Int]
    /// Per motorcycle index, the position in `releases` of the first release that had it; nil when none did (a
    /// history that ends before the dataset being built).
    let entered: [Int?]
    /// Per motorcycle index, what changed of it after it entered, newest first.
    let changes: [[Change]]

    /// One change of one motorcycle in one release.
    struct Change: Sendable {
        enum What: Sendable {
            case figure(FigureChange)
            case text(TextChange)
            case photos(PhotoChange)
        }

        /// Its position in `releases`.
        let release: Int
        let what: What
    }

    init(_ history: CatalogueHistory, catalogue: Catalogue) {
        releases = history.releases.reversed()
        var indexByID: [Int: Int] = [:]
        for (index, bike) in catalogue.motorcycles.enumerated() { indexByID[bike.id] = index }
        self.indexByID = indexByID
        var entered = [Int?](repeating: nil, count: catalogue.motorcycles.count)
        var changes = [[Change]](repeating: [], count: catalogue.motorcycles.count)
        // Oldest first, so the first release naming a motorcycle is where it entered; the changes are then
        // collected newest first.
        for position in releases.indices.reversed() {
            let release = releases[position]
            if release.isFirst {
                // the first release lists no motorcycles: it had every one whose id no later release added
                let later = Set(releases[..<position].flatMap(\.added))
                for (id, index) in indexByID where entered[index] == nil && !later.contains(id) {
                    entered[index] = position
                }
            }
            for id in release.added { if let index = indexByID[id] { entered[index] = position } }
            for change in release.figures {
                if let index = indexByID[change.id] {
                    changes[index].append(Change(release: position, what: .figure(change)))
                }
            }
            for change in release.texts {
                if let index = indexByID[change.id] {
                    changes[index].append(Change(release: position, what: .text(change)))
                }
            }
            for change in release.photos where !change.added.isEmpty {
                if let index = indexByID[change.id] {
                    changes[index].append(Change(release: position, what: .photos(change)))
                }
            }
        }
        self.entered = entered
        self.changes = changes.map { $0.sorted { $0.release < $1.release } }
    }

    /// The catalogue's "latest added" ordering key of a motorcycle: the order of the release that added it, 1 for
    /// the first release of the history; nil when no release did.
    func addedOrder(_ index: Int) -> Int? {
        entered[index].map { releases.count - $0 }
    }

    /// Whether a release has anything to say in an edition: the first release, motorcycles added or removed,
    /// figures or photos of motorcycles still in the catalogue, or texts in the edition's language (a release
    /// that rewrote Italian texts only does not appear in English).
    func shows(_ release: Release, in language: Language) -> Bool {
        release.isFirst || !release.added.isEmpty || !release.removed.isEmpty
            || release.figures.contains { indexByID[$0.id] != nil }
            || release.photos.contains { !$0.added.isEmpty && indexByID[$0.id] != nil }
            || release.texts.contains { indexByID[$0.id] != nil && $0.languages.contains(language.rawValue) }
    }

    /// What a motorcycle's page shows of its history, as a digest: part of the page's key
    /// (`MotorcyclePageKey`), so that a new release rewrites the pages it touches and no other.
    func digest(ofBike index: Int) -> Digest {
        var hasher = StableHasher()
        if let position = entered[index] {
            hasher.combine(releases[position].digest)
            hasher.combine(releases[position].date)
            hasher.combine(releases[position].isFirst ? "first" : "added")
        }
        for change in changes[index] {
            hasher.combine(releases[change.release].digest)
            hasher.combine(releases[change.release].date)
            switch change.what {
            case .figure(let figure):
                hasher.combine("figure " + figure.path)
                hasher.combine(Self.describe(figure.before))
                hasher.combine(Self.describe(figure.after))
            case .text(let text):
                hasher.combine("text " + text.field + " " + text.languages.joined(separator: ","))
            case .photos(let photos):
                hasher.combine(UInt64(photos.added.count))
            }
        }
        return hasher.finalize()
    }

    private static func describe(_ figure: Figure?) -> String {
        switch figure {
        case .none: return "-"
        case .number(let value): return "n" + String(value)
        case .text(let text): return "t" + text
        }
    }
}
