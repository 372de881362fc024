import Foundation
import OperatingSystem
import TestSupport
import Testing

/// Builds that fail half-way — a folder that cannot be written, a full disk, a killed process — leave the previous
/// site as it was, clean up after themselves (or are cleaned up by the next build), and touch nothing else.
@Suite struct FaultTests {
    static let sample = CommandLineTests.repositoryRoot + "/Resources/sample/info_moto.json"

    static func build(data: String = sample, output: String, _ extra: [String] = []) throws -> CommandLineTests.Run {
        try CommandLineTests.run(["build", "--data", data, "--output", output] + extra)
    }

    /// What a build that must write is given: a base URL changes every page (incremental), or `--clean`
    /// writes the whole site anew. A build of the same inputs over its own output writes nothing at all.
    static let writingBuilds: [[String]] = [["--base-url", "https://elsewhere.example.org/"], ["--clean"]]

    /// Every file under `folder` with its bytes.
    static func snapshot(_ folder: String) -> [String: Data] { folderSnapshot(folder) }

    static func entries(_ folder: String) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
    }

    static func staging(beside output: String) -> [String] {
        let name = (output as NSString).lastPathComponent
        return entries((output as NSString).deletingLastPathComponent).filter { $0.hasPrefix("." + name + ".tmp-") }
            .sorted()
    }

    /// A previous site in `folder/site`, with its snapshot.
    static func previousSite() throws -> (folder: String, output: String, files: [String: Data]) {
        let folder = CommandLineTests.temporaryFolder()
        let output = folder + "/site"
        let run = try build(output: output)
        try #require(run.status == 0, "\(run.stderr)")
        return (folder, output, snapshot(output))
    }

    // MARK: Read-only folders

    /// How this machine can make a folder unwritable. Root ignores permission bits, so as root the folder is
    /// made immutable (`chattr +i`, which binds root too on ext4, xfs and btrfs); otherwise mode 0555 is
    /// enough. `nil` when neither works (root on tmpfs or overlayfs without CAP_LINUX_IMMUTABLE).
    enum Lock {
        case immutable, mode

        static let available: Lock? = {
            if geteuid() != 0 { return .mode }
            let probe = CommandLineTests.temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: probe) }
            guard shell("chattr +i '\(probe)' 2>/dev/null") == 0 else { return nil }
            defer { _ = shell("chattr -i '\(probe)'") }
            return FileManager.default.createFile(atPath: probe + "/x", contents: Data()) ? nil : .immutable
        }()

        func lock(_ path: String) {
            switch self {
            case .immutable: _ = FaultTests.shell("chattr +i '\(path)'")
            case .mode: chmod(path, 0o555)
            }
        }

        func unlock(_ path: String) {
            switch self {
            case .immutable: _ = FaultTests.shell("chattr -i '\(path)'")
            case .mode: chmod(path, 0o755)
            }
        }
    }

    @discardableResult
    static func shell(_ command: String) -> Int32 { TestSupport.shell(command) }

    @Test(
        .enabled(if: Lock.available != nil, "no way to make a folder read-only for this user here"),
        arguments: writingBuilds)
    func readOnlyParentFolderIsAClearErrorAndKeepsTheSite(extra: [String]) throws {
        let lock = try #require(Lock.available)
        let previous = try Self.previousSite()
        lock.lock(previous.folder)
        defer { lock.unlock(previous.folder) }
        // Nothing to write: the staging folder is never needed.
        #expect(try Self.build(output: previous.output).status == 0)
        let run = try Self.build(output: previous.output, extra)
        #expect(run.status != 0)
        #expect(run.stderr.contains("error"), "\(run.stderr)")
        #expect(run.stderr.contains(previous.folder), "the message names the folder: \(run.stderr)")
        #expect(Self.snapshot(previous.output) == previous.files)
        #expect(Self.staging(beside: previous.output).isEmpty)
        lock.unlock(previous.folder)
        #expect(try Self.build(output: previous.output, extra).status == 0)
    }

    @Test(
        .enabled(if: Lock.available != nil, "no way to make a folder read-only for this user here"),
        arguments: writingBuilds)
    func readOnlyOutputFolderIsAClearErrorAndKeepsTheSite(extra: [String]) throws {
        let lock = try #require(Lock.available)
        let previous = try Self.previousSite()
        lock.lock(previous.output)
        defer { lock.unlock(previous.output) }
        #expect(try Self.build(output: previous.output).status == 0, "nothing to write")
        let run = try Self.build(output: previous.output, extra)
        if lock == .immutable || extra != ["--clean"] {
            // Incremental: the new manifest cannot be written into the folder. Clean: an immutable folder cannot
            // be renamed, so the swap fails after the whole site was staged.
            #expect(run.status != 0)
            #expect(run.stderr.contains("error"), "\(run.stderr)")
        }
        #expect(Self.snapshot(previous.output) == previous.files)
        #expect(Self.staging(beside: previous.output).isEmpty, "the staged files are removed")
        lock.unlock(previous.output)
        #expect(try Self.build(output: previous.output, extra).status == 0)
    }

    @Test func outputWhoseParentIsAFileIsAClearError() throws {
        let folder = CommandLineTests.temporaryFolder()
        _ = FileManager.default.createFile(atPath: folder + "/file", contents: Data("keep".utf8))
        let run = try Self.build(output: folder + "/file/site")
        #expect(run.status != 0)
        #expect(run.stderr.contains(folder + "/file"), "\(run.stderr)")
        #expect(FileManager.default.contents(atPath: folder + "/file") == Data("keep".utf8))
        #expect(Self.entries(folder) == ["file"])
    }

    // MARK: A full disk

    @Test(arguments: writingBuilds)
    func aFullDiskIsAClearErrorAndKeepsTheSite(extra: [String]) throws {
        let previous = try Self.previousSite()
        // RLIMIT_FSIZE of 12 KiB: writing a larger file fails with EFBIG, as on a full disk. SIGXFSZ is ignored
        // (the disposition survives exec) so write() returns the error instead of killing the process.
        let command =
            "trap '' XFSZ; ulimit -f 12; exec \"$0\" build --data \"$1\" --output \"$2\" \"${@:3}\""
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command, CommandLineTests.binary, Self.sample, previous.output] + extra
        process.currentDirectoryURL = URL(fileURLWithPath: CommandLineTests.repositoryRoot)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "killed by a signal instead of reporting the error")
        #expect(process.terminationStatus != 0)
        #expect(stderr.contains("File too large"), "\(stderr)")
        #expect(Self.snapshot(previous.output) == previous.files)
        #expect(Self.staging(beside: previous.output).isEmpty, "the staging folder is removed")
        let again = try Self.build(output: previous.output, extra)
        #expect(again.status == 0, "\(again.stderr)")
    }

    // MARK: A killed build

    /// A catalogue of `count` bikes made of the sample's, with fresh ids and names, big enough that a debug
    /// build takes seconds.
    static func largeCatalogue(count: Int, at path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: sample))
        var dataset = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let elements = try #require(dataset["elements"] as? [[String: Any]])
        let texts = try #require(dataset["texts"] as? [String: Any])
        var newElements: [[String: Any]] = []
        var newTexts: [String: Any] = [:]
        for id in 1...count {
            var element = elements[id % elements.count]
            let oldID = element["id"] as! Int
            element["id"] = id
            var general = element["general_info"] as! [String: Any]
            general["name"] = "\(general["name"] as! String) Mk \(id)"
            element["general_info"] = general
            newElements.append(element)
            newTexts[String(id)] = texts[String(oldID)]
        }
        dataset["elements"] = newElements
        dataset["texts"] = newTexts
        try JSONSerialization.data(withJSONObject: dataset).write(to: URL(fileURLWithPath: path))
    }

    /// Killed while rendering, incrementally (changed files go to the staging folder only) or clean: the output
    /// is untouched, marker included, and the next build removes what the dead one left.
    @Test(arguments: [[], ["--clean"]])
    func aBuildKilledHalfWayKeepsTheSiteAndTheNextBuildCleansUp(extra: [String]) throws {
        let previous = try Self.previousSite()
        let big = previous.folder + "/big.json"
        try Self.largeCatalogue(count: 1500, at: big)
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLineTests.binary)
        child.arguments = ["build", "--data", big, "--output", previous.output] + extra
        child.currentDirectoryURL = URL(fileURLWithPath: CommandLineTests.repositoryRoot)
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        let stagingName = ".site.tmp-\(child.processIdentifier)"
        let stagingPath = previous.folder + "/" + stagingName
        // Wait for the staging folder to fill up a little, then kill the build without warning.
        let deadline = Date().addingTimeInterval(60)
        while child.isRunning, Date() < deadline, (Self.snapshot(stagingPath).count < 20) { usleep(20_000) }
        let wasStaging = child.isRunning && FileManager.default.fileExists(atPath: stagingPath)
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        try #require(wasStaging, "the build ended before it could be killed mid-way")
        #expect(child.terminationReason == .uncaughtSignal)
        // The site is untouched; beside it, the lock's holder file names the dead build (and is not believed).
        var left = Self.snapshot(previous.output)
        let holder = left.removeValue(forKey: ".guzzi-site.lock").map { String(decoding: $0, as: UTF8.self) }
        #expect(holder == nil || holder == "\(child.processIdentifier)\n", "\(holder ?? "")")
        #expect(left == previous.files, "the previous site changed")
        #expect(Self.staging(beside: previous.output) == [stagingName], "the killed build's folder is left over")
        let next = try Self.build(output: previous.output)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stdout.contains(": 0 changed, 0 removed, "), "nothing to do: \(next.stdout)")
        #expect(Self.staging(beside: previous.output).isEmpty, "the next build removes the stale staging folder")
        #expect(Self.snapshot(previous.output) == previous.files, "same data, same site")
    }

    /// Killed at any point of the rename phase (`GUZZI_FAULT_KILL_AFTER_STEPS`): the output is a mix of old and
    /// new files, which the next build sees and replaces with a clean build. It converges to what a clean build
    /// of its inputs writes, byte for byte, and leaves nothing behind.
    @Test(arguments: [0, 1, 7, 60, 1_000_000])
    func aBuildKilledWhileRenamingIsRepairedByTheNextBuild(steps: Int) throws {
        let previous = try Self.previousSite()
        let data = previous.folder + "/data.json"
        var text = try String(contentsOfFile: Self.sample, encoding: .utf8)
        // One bike fewer (its pages are stale) and a new base URL (every page changes).
        let first = try #require(text.range(of: "\"elements\": ["))
        let idTwo = try #require(text.range(of: "\"id\": 2,"))
        let second = try #require(text.range(of: "{", options: .backwards, range: first.upperBound..<idTwo.lowerBound))
        text.replaceSubrange(first.upperBound..<second.lowerBound, with: "")
        try text.write(toFile: data, atomically: false, encoding: .utf8)
        let arguments = ["build", "--data", data, "--output", previous.output, "--base-url", "https://b.example/"]
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLineTests.binary)
        child.arguments = arguments
        child.environment = ProcessInfo.processInfo.environment.merging(
            ["GUZZI_FAULT_KILL_AFTER_STEPS": String(steps)]) { $1 }
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal && child.terminationStatus == SIGKILL)
        #expect(FileManager.default.fileExists(atPath: previous.output + "/.guzzi-site.next"))
        let mixed = Self.snapshot(previous.output)
        if steps >= 7 { #expect(mixed != previous.files, "some files were replaced before the kill") }

        let next = try CommandLineTests.run(arguments)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(!next.stdout.contains(" changed, "), "a clean build: \(next.stdout)")
        let clean = previous.folder + "/clean"
        #expect(try CommandLineTests.run(arguments.map { $0 == previous.output ? clean : $0 }).status == 0)
        let site = Self.snapshot(previous.output).filter { $0.key != ".guzzi-site" }
        #expect(site == Self.snapshot(clean).filter { $0.key != ".guzzi-site" })
        #expect(!FileManager.default.fileExists(atPath: previous.output + "/.guzzi-site.next"))
        #expect(Self.staging(beside: previous.output).isEmpty)
        #expect(Self.entries(previous.folder) == ["site", "clean", "data.json"])
        // And from there on, incremental again.
        #expect(try CommandLineTests.run(arguments).stdout.contains(": 0 changed, 0 removed, "))
    }

    // MARK: One build at a time

    /// Two builds into the same output at once: the second waits for the first, says so, and the output is the
    /// second's site, whole. With `--clean` on one side, its swap waits too.
    @Test(arguments: [[], ["--clean"]])
    func concurrentBuildsTakeTurns(extra: [String]) throws {
        let previous = try Self.previousSite()
        let big = previous.folder + "/big.json"
        // Enough bikes that the first build to take the lock still renders when the other asks for it (the two
        // load for the same time); each of the six builds of this test costs seconds of a debug binary's time.
        try Self.largeCatalogue(count: 200, at: big)
        let sites = ["https://a.example/", "https://b.example/"]
        let builds = try sites.enumerated().map { index, base in
            try ChildProcess(
                CommandLineTests.binary,
                ["build", "--data", big, "--output", previous.output, "--base-url", base] + (index == 1 ? extra : []),
                in: CommandLineTests.repositoryRoot)
        }
        for build in builds { build.process.waitUntilExit() }
        for build in builds { #expect(build.process.terminationStatus == 0, "\(build.stderr)") }
        let waited = builds.indices.filter { builds[$0].stderr.contains("waiting for another guzzi-site build") }
        try #require(waited.count == 1, "exactly one waits: \(builds.map(\.stderr))")
        let waiter = waited[0]
        let other = builds[1 - waiter].process.processIdentifier
        #expect(
            builds[waiter].stderr.contains("writing to \(previous.output) (pid \(other))…"), "\(builds[waiter].stderr)")
        let clean = previous.folder + "/clean"
        let run = try Self.build(data: big, output: clean, ["--base-url", sites[waiter]])
        #expect(run.status == 0)
        #expect(
            Self.snapshot(previous.output).filter { $0.key != ".guzzi-site" }
                == Self.snapshot(clean).filter { $0.key != ".guzzi-site" }, "the last build's site, whole")
        #expect(Self.staging(beside: previous.output).isEmpty)
    }

    // MARK: Nothing else is touched

    @Test func buildTouchesNothingBesideItsOutputAndItsOwnStagingFolders() throws {
        let previous = try Self.previousSite()
        let folder = previous.folder
        let manager = FileManager.default
        let outside = CommandLineTests.temporaryFolder()
        _ = manager.createFile(atPath: outside + "/precious.txt", contents: Data("outside".utf8))
        _ = manager.createFile(atPath: folder + "/notes.txt", contents: Data("mine".utf8))
        try manager.createDirectory(atPath: folder + "/other/deep", withIntermediateDirectories: true)
        _ = manager.createFile(atPath: folder + "/other/deep/file", contents: Data("mine".utf8))
        _ = manager.createFile(atPath: folder + "/site.tmp-1", contents: Data("mine".utf8))
        // Look like staging folders but belong to live processes (this test runner, init), or name no process.
        let kept = [
            ".site.tmp-\(getpid())", ".site.tmp-1", ".site.tmp-0", ".site.tmp--1", ".site.tmp-abc", ".site.tmp-",
        ]
        for name in kept {
            try manager.createDirectory(atPath: folder + "/" + name, withIntermediateDirectories: true)
            _ = manager.createFile(atPath: folder + "/\(name)/work", contents: Data("mine".utf8))
        }
        // A stale-looking name that is a symbolic link: only the link may go, never what it points to.
        let link = ".site.tmp-\(CommandLineTests.deadProcessID())"
        try manager.createSymbolicLink(atPath: folder + "/" + link, withDestinationPath: outside)
        // A stale staging folder of a dead process: removed, as designed.
        let stale = ".site.tmp-\(CommandLineTests.deadProcessID())"
        try manager.createDirectory(atPath: folder + "/" + stale, withIntermediateDirectories: true)
        _ = manager.createFile(atPath: folder + "/\(stale)/index.html", contents: Data("old".utf8))
        func isOurs(_ path: String) -> Bool {
            path.hasPrefix("site/") || [stale, link].contains { path == $0 || path.hasPrefix($0 + "/") }
        }
        let before = Self.snapshot(folder).filter { !isOurs($0.key) }

        let run = try Self.build(output: previous.output)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.snapshot(folder).filter { !isOurs($0.key) } == before)
        #expect(!manager.fileExists(atPath: folder + "/" + link), "the stale-looking link itself is removed")
        #expect(manager.contents(atPath: outside + "/precious.txt") == Data("outside".utf8))
        #expect(!manager.fileExists(atPath: folder + "/" + stale))
        for name in kept { #expect(manager.fileExists(atPath: folder + "/\(name)/work"), "\(name)") }
        #expect(Self.snapshot(previous.output) == previous.files)
    }

    @Test func aFolderNotMadeByTheGeneratorIsNeverReplaced() throws {
        let folder = CommandLineTests.temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/site", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/site/thesis.tex", contents: Data("years of work".utf8))
        let run = try Self.build(output: folder + "/site")
        #expect(run.status != 0)
        #expect(run.stderr.contains("not generated by guzzi-site"), "\(run.stderr)")
        #expect(Self.entries(folder + "/site") == ["thesis.tex"])
        #expect(Self.staging(beside: folder + "/site").isEmpty)
    }
}

extension CommandLineTests {
    /// A process id that is surely not running: a child that has exited and been reaped.
    static func deadProcessID() -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/true")
        try? process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}
