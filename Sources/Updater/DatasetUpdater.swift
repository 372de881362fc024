import Catalogue
import Files
import Foundation
import OperatingSystem

/// What the Guzzi Tracker app's DataManager did: replace the local dataset with the source's when that one has a
/// higher `version` and is valid. The replacement is atomic and keeps the previous file as `<file>.bak`.
public enum DatasetUpdater {
    /// What was found in the local file before updating.
    public enum LocalState: Sendable, Equatable {
        case missing
        /// Present but not a valid dataset, with its root `version` when it still has a readable one: a file
        /// someone is editing (version 26 with one typo) must not be replaced by an older valid dataset.
        case invalid(version: Int?)
        case version(Int)

        /// The version compared with the source's: a missing file, or an invalid one without a version, is 0.
        public var comparableVersion: Int {
            switch self {
            case .version(let version), .invalid(version: .some(let version)): return version
            case .missing, .invalid(version: .none): return 0
            }
        }
    }

    /// Fetches `source` and applies it to `dataPath`.
    public static func update(dataPath: String, source: String, timeoutSeconds: Int = 10) throws(UpdateError)
        -> UpdateOutcome
    {
        let local = try localState(dataPath)
        let bytes = try DatasetFetcher.fetch(source, timeoutSeconds: timeoutSeconds)
        return try apply(bytes, from: source, to: dataPath, local: local)
    }

    /// Validates fetched bytes and replaces `dataPath` with them when they are newer.
    public static func apply(_ bytes: [UInt8], from source: String, to dataPath: String, local given: LocalState? = nil)
        throws(UpdateError) -> UpdateOutcome
    {
        let result = CatalogueDecoder.decode(bytes)
        guard let catalogue = result.catalogue else {
            throw .invalidData(source: source, problems: result.errors)
        }
        let local: LocalState
        if let given { local = given } else { local = try localState(dataPath) }
        guard catalogue.version > local.comparableVersion else {
            return .upToDate(path: dataPath, local: local.comparableVersion, source: catalogue.version)
        }
        try replace(dataPath, with: bytes)
        return .updated(path: dataPath, previous: local, version: catalogue.version, warnings: result.warnings)
    }

    /// Reads the local dataset's version; only a file that exists but cannot be read is an error.
    public static func localState(_ path: String) throws(UpdateError) -> LocalState {
        var info = stat()
        if stat(path, &info) != 0 {
            let code = errno
            if code == ENOENT { return .missing }
            throw .localIO(path: path, reason: String(cString: strerror(code)))
        }
        do {
            let result = try CatalogueDecoder.decode(contentsOf: path)
            guard let catalogue = result.catalogue else { return .invalid(version: rootVersion(path)) }
            return .version(catalogue.version)
        } catch {
            if case .unreadable(_, let reason) = error { throw .localIO(path: path, reason: reason) }
            return .invalid(version: rootVersion(path))
        }
    }

    /// The integer `version` at the root of a JSON file that is not a valid dataset, if it has one.
    static func rootVersion(_ path: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: path),
            let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let number = root["version"] as? NSNumber, number.doubleValue == number.doubleValue.rounded(),
            String(cString: number.objCType) != "c"  // `true`, which Apple's JSONSerialization gives as an NSNumber
        else { return nil }
        return number.intValue
    }

    /// Writes a temporary file in the same folder, keeps the current file as `<path>.bak` and renames the
    /// temporary file over `path`: at every moment `path` is either the old or the new dataset, never half of one.
    public static func replace(_ path: String, with bytes: [UInt8]) throws(UpdateError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        let temporary = folder + "/." + name + ".update-" + String(getpid())
        var info = stat()
        let exists = stat(path, &info) == 0
        let mode = exists ? info.st_mode & 0o777 : 0o644
        try writeFile(bytes, to: temporary, mode: mode)
        if exists {
            do {
                try backUp(path, folder: folder, name: name)
            } catch {
                unlink(temporary)
                throw error
            }
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .localIO(path: path, reason: "cannot replace the file: \(reason)")
        }
        Durability.flushFolder(folder)  // make the rename itself durable
    }

    /// `<path>.bak` is replaced atomically too: a hard link (or a copy) under a temporary name, then a rename.
    private static func backUp(_ path: String, folder: String, name: String) throws(UpdateError) {
        let backup = path + ".bak"
        let temporary = folder + "/." + name + ".bak-" + String(getpid())
        unlink(temporary)
        if link(path, temporary) != 0 {
            let bytes: [UInt8]
            do {
                bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            } catch {
                throw .localIO(path: path, reason: "cannot read the file to back it up")
            }
            try writeFile(bytes, to: temporary, mode: 0o644)
        }
        guard rename(temporary, backup) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .localIO(path: backup, reason: "cannot write the backup: \(reason)")
        }
    }

    private static func writeFile(_ bytes: [UInt8], to path: String, mode: mode_t) throws(UpdateError) {
        if let reason = FileWriter.writeDurably(bytes, to: path, mode: mode) {
            throw .localIO(path: path, reason: reason)
        }
    }
}

/// The result of an update that did not fail.
public enum UpdateOutcome: Sendable, Equatable, CustomStringConvertible {
    /// `warnings` are the new file's (a figure of 0, a missing text): accepted, as `build` accepts them, and shown.
    case updated(path: String, previous: DatasetUpdater.LocalState, version: Int, warnings: [Problem] = [])
    /// The source's version is not higher than the local one (equal or older).
    case upToDate(path: String, local: Int, source: Int)

    /// The new dataset's warnings, for the command to print.
    public var warnings: [Problem] {
        if case .updated(_, _, _, let warnings) = self { return warnings }
        return []
    }

    public var exitCode: Int32 {
        switch self {
        case .updated: return 0
        case .upToDate: return 3
        }
    }

    public var description: String {
        switch self {
        case .updated(let path, let previous, let version, _):
            switch previous {
            case .version(let old): return "updated \(path): version \(old) → \(version)"
            case .missing: return "updated \(path): version 0 → \(version) (there was no local file)"
            case .invalid(let old):
                return "updated \(path): version \(old ?? 0) → \(version) (the local file was not a valid dataset)"
            }
        case .upToDate(let path, let local, let source):
            return "\(path) is up to date (version \(local); source has \(source))"
        }
    }
}

/// Why an update did not happen; each case has its own exit status.
public enum UpdateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The source could not be read: no connection, timeout, HTTP error status, missing file.
    case unreachable(source: String, reason: String)
    /// The source was read but is not a valid dataset; `problems` are its errors in document order.
    case invalidData(source: String, problems: [Problem])
    /// The local file or its folder could not be read or written.
    case localIO(path: String, reason: String)

    /// How many problems `description` lists.
    public static let shownProblems = 5

    public var exitCode: Int32 {
        switch self {
        case .localIO: return 1
        case .unreachable: return 4
        case .invalidData: return 5
        }
    }

    public var description: String {
        switch self {
        case .unreachable(let source, let reason):
            return "error: cannot fetch \(source): \(reason)"
        case .invalidData(let source, let problems):
            let count = problems.count
            var lines = ["error: \(source) is not a valid dataset (\(count) \(count == 1 ? "error" : "errors"))"]
            lines += problems.prefix(Self.shownProblems).map { "  \($0)" }
            if count > Self.shownProblems { lines.append("  … and \(count - Self.shownProblems) more") }
            return lines.joined(separator: "\n")
        case .localIO(let path, let reason):
            return "error: \(path): \(reason)"
        }
    }
}
