import Foundation
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
}
