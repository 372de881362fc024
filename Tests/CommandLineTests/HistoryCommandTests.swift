import Foundation
import History
import TestSupport
import Testing

/// `guzzi-site history` end to end on a repository made here, and `check` reading what it wrote.
@Suite struct HistoryCommandTests {
    /// A repository holding the sample committed twice: as it is, then with one more motorcycle's worth of change.
    static func repository() throws -> (folder: String, data: String) {
        let folder = ScratchFolders.make("history-command")
        let sample = RepositoryPaths.root + "/Resources/sample/info_moto.json"
        let text = try String(contentsOfFile: sample, encoding: .utf8)
        #expect(
            shell("cd '\(folder)' && git init -q && git config user.email t@example.org && git config user.name T") == 0
        )
        try FileManager.default.createDirectory(atPath: folder + "/Guzzi Tracker", withIntermediateDirectories: true)
        try text.write(toFile: folder + "/Guzzi Tracker/info_moto.json", atomically: false, encoding: .utf8)
        #expect(shell("cd '\(folder)' && git add -A && git commit -q -m one") == 0)
        let edited = text.replacingOccurrences(of: "\"wheelbase\": 1380", with: "\"wheelbase\": 1381")
        #expect(edited != text)
        try edited.write(toFile: folder + "/Guzzi Tracker/info_moto.json", atomically: false, encoding: .utf8)
        #expect(shell("cd '\(folder)' && git add -A && git commit -q -m two") == 0)
        let data = ScratchFolders.make("history-data") + "/info_moto.json"
        try edited.write(toFile: data, atomically: false, encoding: .utf8)
        return (folder, data)
    }

    @Test func historyWritesTheSidecarAndCheckReadsIt() throws {
        let (repository, data) = try Self.repository()
        let run = try CommandLineTests.run(["history", "--data", data, "--from-git", repository])
        #expect(run.status == 0, "\(run.stderr)")
        let sidecar = String(data.dropLast(5)) + ".history.json"
        #expect(run.stdout.contains("\(sidecar): 2 releases from 2 committed versions"))
        let text = try String(contentsOfFile: sidecar, encoding: .utf8)
        #expect(text.contains("\"path\": \"frame.wheelbase\", \"before\": 1380, \"after\": 1381"))
        let checked = try CommandLineTests.run(["check", "--data", data])
        #expect(checked.status == 0)
        #expect(checked.stdout.contains("\(sidecar): 2 releases, the last on "))
        #expect(!checked.stderr.contains("warning"))
        // the dataset changed since: a warning, not a failure
        try (String(contentsOfFile: data, encoding: .utf8) + "\n").write(
            toFile: data, atomically: false, encoding: .utf8)
        let stale = try CommandLineTests.run(["check", "--data", data])
        #expect(stale.status == 0)
        #expect(stale.stderr.contains("warning: \(sidecar) ends at the release of "))
        let output = ScratchFolders.make("history-site") + "/site"
        let built = try CommandLineTests.run(["build", "--data", data, "--output", output])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.contains("warning: \(sidecar) ends at the release of "))
        let site = folderSnapshot(output)
        // broken: its file, line and column, and exit 1
        try "{\n  \"format\": 1,\n  \"releases\": [\n    {\"date\": 12}\n  ]\n}\n".write(
            toFile: sidecar, atomically: false, encoding: .utf8)
        let broken = try CommandLineTests.run(["check", "--data", data])
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("error: \(sidecar):4:"))
        let failed = try CommandLineTests.run(["build", "--data", data, "--output", output])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("error: \(sidecar):4:"))
        #expect(folderSnapshot(output) == site)
    }

    @Test func badInputIsOneLineAndExit1() throws {
        let data = ScratchFolders.make("history-bad") + "/info_moto.json"
        let plain = ScratchFolders.make("history-plain")
        let run = try CommandLineTests.run(["history", "--data", data, "--from-git", plain])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("error: \(plain) is not a git repository"))
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: String(data.dropLast(5)) + ".history.json"))
        let usage = try CommandLineTests.run(["history", "--data", data])
        #expect(usage.status == 2 && usage.stderr.contains("missing '--from-git REPO'"))
        let (repository, _) = try Self.repository()
        let unwritable = try CommandLineTests.run(
            ["history", "--data", "/nonexistent-folder/info_moto.json", "--from-git", repository])
        #expect(unwritable.status == 1 && unwritable.stderr.contains("cannot write"))
    }

    /// `update` appends a release to the history when it installs a newer dataset, dated when it ran, measured
    /// against the file it replaced; a dataset without a history is left without one.
    @Test func updateAppendsTheReleaseItInstalls() throws {
        let (repository, data) = try Self.repository()
        #expect(try CommandLineTests.run(["history", "--data", data, "--from-git", repository]).status == 0)
        let sidecar = String(data.dropLast(5)) + ".history.json"
        let text = try String(contentsOfFile: data, encoding: .utf8)
        let newer = ScratchFolders.make("history-update") + "/newer.json"
        try text.replacingOccurrences(of: "\"wheelbase\": 1420", with: "\"wheelbase\": 1425")
            .replacingOccurrences(of: "\"version\": 1,", with: "\"version\": 2,")
            .write(toFile: newer, atomically: false, encoding: .utf8)
        let today = String(CatalogueHistory.timestamp(Date()).prefix(10))
        let updated = try CommandLineTests.run(["update", "--data", data, "--from", newer])
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(updated.stdout.contains("\(sidecar): a release of \(today) recorded (1 figure changed)"))
        let history = try #require(try CatalogueHistory.read(contentsOf: sidecar))
        #expect(history.releases.count == 3)
        let last = try #require(history.releases.last)
        #expect(last.version == 2 && last.commit == nil && last.date.hasPrefix(today))
        #expect(
            last.figures == [FigureChange(id: 2, path: "frame.wheelbase", before: .number(1420), after: .number(1425))])
        // the history now ends at the dataset: no warning
        let checked = try CommandLineTests.run(["check", "--data", data])
        #expect(!checked.stderr.contains("warning: \(sidecar)"), "\(checked.stderr)")
        // up to date: nothing installed, nothing recorded
        let again = try CommandLineTests.run(["update", "--data", data, "--from", newer])
        #expect(again.status == 3)
        #expect(try CatalogueHistory.read(contentsOf: sidecar)?.releases.count == 3)
        // without a history, update makes none
        let bare = ScratchFolders.make("history-bare") + "/info_moto.json"
        try text.write(toFile: bare, atomically: false, encoding: .utf8)
        #expect(try CommandLineTests.run(["update", "--data", bare, "--from", newer]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: String(bare.dropLast(5)) + ".history.json"))
    }
}
