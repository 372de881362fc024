import Foundation

/// Every committed version of one file in a git repository, oldest first, read with the `git` program: the
/// package takes no library, and git's own reading of its objects is the one a publisher trusts.
struct GitVersions {
    let repository: String

    struct Version {
        let commit: String
        /// The author date, ISO 8601 strict (`2019-04-16T21:03:11+02:00`).
        let date: String
        let bytes: [UInt8]
    }

    /// Checks that git runs and that `repository` is a repository.
    init(repository: String) throws(HistoryError) {
        self.repository = repository
        let probe = try Self.run(["-C", repository, "rev-parse", "--git-dir"])
        if probe.status != 0 {
            throw .notARepository(path: repository, reason: Self.firstLine(probe.error))
        }
    }

    /// The file's path in the repository: `path` if given, else the one file ever committed under `name`.
    func locate(_ path: String?, name: String) throws(HistoryError) -> String {
        if let path { return path }
        let listed = try git(["log", "--all", "--format=", "--name-only"])
        let found = Set(
            String(decoding: listed, as: UTF8.self).split(separator: "\n").map(String.init).filter {
                $0 == name || $0.hasSuffix("/" + name)
            }
        ).sorted()
        guard found.count == 1 else { throw .pathUnknown(repository: repository, name: name, found: found) }
        return found[0]
    }

    /// Every commit that changed `path`, oldest first, with the file as it stood after it (none where the
    /// commit deleted it).
    func versions(of path: String) throws(HistoryError) -> [Version] {
        let log = try git(["log", "--reverse", "--format=%H %aI", "--", path])
        let lines = String(decoding: log, as: UTF8.self).split(separator: "\n")
        if lines.isEmpty { throw .neverCommitted(repository: repository, path: path) }
        var versions: [Version] = []
        for line in lines {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            let shown = try Self.run(["-C", repository, "show", parts[0] + ":" + path])
            if shown.status != 0 { continue }  // deleted in this commit
            versions.append(Version(commit: parts[0], date: parts[1], bytes: shown.output))
        }
        return versions
    }

    private func git(_ arguments: [String]) throws(HistoryError) -> [UInt8] {
        let result = try Self.run(["-C", repository] + arguments)
        if result.status != 0 {
            throw .gitFailed(command: "git " + arguments.joined(separator: " "), reason: Self.firstLine(result.error))
        }
        return result.output
    }

    /// Runs git through `env`, so that it is found on PATH as a shell would; 127 from `env` is "not found".
    private static func run(_ arguments: [String]) throws(HistoryError) -> (
        status: Int32, output: [UInt8], error: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .gitMissing
        }
        // The output is read to its end before waiting: a file of a few hundred KB fills a pipe's buffer. git
        // writes a line or two to its errors, which the pipe holds meanwhile.
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        let errorBytes = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let message = String(decoding: errorBytes, as: UTF8.self)
        if process.terminationStatus == 127 && message.contains("git") { throw .gitMissing }
        return (process.terminationStatus, Array(bytes), message)
    }

    private static func firstLine(_ text: String) -> String {
        text.split(separator: "\n").first.map(String.init) ?? "no message"
    }
}
