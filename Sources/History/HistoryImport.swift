import Catalogue
import Files

/// Builds a dataset's history from the versions git holds of it (`guzzi-site history --from-git`).
public enum HistoryImport {
    /// The history, and one line for each version that was skipped (a file that does not parse, or one in the
    /// app's first schema, whose ids were renumbered as the list grew and so cannot be compared).
    public struct Outcome: Sendable {
        public var history: CatalogueHistory
        public var skipped: [String]
        /// Versions read, and how many of them changed nothing (not in the history).
        public var versions: Int
        public var unchanged: Int
    }

    /// `path` is the file's path in the repository; nil finds the one file ever committed as `name`.
    public static func fromGit(repository: String, path: String?, name: String) throws(HistoryError) -> Outcome {
        let git = try GitVersions(repository: repository)
        let located = try git.locate(path, name: name)
        let versions = try git.versions(of: located)
        var history = CatalogueHistory()
        var skipped: [String] = []
        var unchanged = 0
        var previous: DatasetSnapshot?
        for version in versions {
            let label = String(version.commit.prefix(7)) + " (" + String(version.date.prefix(10)) + ")"
            guard let root = accepted(version.bytes, label: label, skipped: &skipped) else { continue }
            let snapshot = DatasetSnapshot(root)
            var release = Release(
                date: version.date, version: snapshot.version, digest: Digest(of: version.bytes).description,
                commit: version.commit, motorcycles: snapshot.elements.count, isFirst: previous == nil)
            if let previous { release.record(from: previous, to: snapshot) }
            previous = snapshot
            if release.changesSomething { history.releases.append(release) } else { unchanged += 1 }
        }
        return Outcome(history: history, skipped: skipped, versions: versions.count, unchanged: unchanged)
    }

    /// The version's parsed root when the catalogue decoder accepts it; else nil and a line saying why.
    static func accepted(_ bytes: [UInt8], label: String, skipped: inout [String]) -> JSONValue? {
        let root: JSONValue
        do throws(JSONSyntaxError) {
            root = try JSONParser.parse(bytes).root
        } catch {
            skipped.append("\(label): skipped, not JSON (line \(error.line), column \(error.column): \(error.message))")
            return nil
        }
        if LegacySchema.problem(in: root) != nil {
            skipped.append("\(label): skipped, in the app's first schema (ids renumbered as the list grew)")
            return nil
        }
        do throws(CatalogueError) {
            _ = try Catalogue.load(bytes, path: label)
        } catch {
            let lines = "\(error)".split(separator: "\n").map(String.init)
            let first = lines.first { $0.contains("error:") } ?? lines.first ?? "\(error)"
            skipped.append("\(label): skipped, does not decode: \(first)")
            return nil
        }
        return root
    }
}
