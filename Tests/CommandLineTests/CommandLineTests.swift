import Foundation
import OperatingSystem
import TestSupport
import Testing

/// The `guzzi-site` binary as a user runs it: exit statuses, what it prints, what it leaves on disk.
@Suite struct CommandLineTests {
    static let repositoryRoot = RepositoryPaths.root

    /// The binary sits next to the test bundle in the build folder.
    static let binary: String = {
        // Beside the test bundle (under Xcode's xctest, `CommandLine.arguments[0]` is xctest's own path).
        let beside = (RunningExecutable.productsFolder ?? ".") + "/guzzi-site"
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return repositoryRoot + "/.build/debug/guzzi-site"
    }()

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// `environment` is added to this process's own.
    static func run(_ arguments: [String], in folder: String = repositoryRoot, environment: [String: String] = [:])
        throws -> Run
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func temporaryFolder() -> String {
        ScratchFolders.make("guzzi-cli")
    }

    @Test func versionAndHelp() throws {
        let version = try Self.run(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("guzzi-site "))
        let help = try Self.run(["--help"])
        #expect(help.status == 0 && help.stdout.contains("USAGE: guzzi-site <command>"))
        let buildHelp = try Self.run(["build", "--help"])
        #expect(buildHelp.status == 0 && buildHelp.stdout.contains("--base-url URL"))
    }

    @Test func unknownOptionPrintsUsageAndExits2() throws {
        let run = try Self.run(["build", "--colour", "red"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("unknown option '--colour'"))
        #expect(run.stderr.contains("USAGE: guzzi-site build"))
        #expect(try Self.run(["bild"]).stderr.contains("USAGE: guzzi-site <command>"))
        #expect(try Self.run(["bild"]).status == 2)
        #expect(try Self.run(["build", "--base-url", "not-a-url"]).status == 2)
    }

    @Test func buildEndsWithOneSummaryLine() throws {
        let out = Self.temporaryFolder() + "/site"
        let run = try Self.run(["build", "--output", out])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("Wrote ") == true && lines.first?.contains(" pages ") == true)
        #expect(lines.first?.hasSuffix(" ms") == true || lines.first?.contains(" warning") == true)
        #expect(FileManager.default.fileExists(atPath: out + "/en/index.html"))
    }

    /// A build over its own output says what it changed; `--clean` writes everything anew and says nothing of it.
    @Test func aRebuildSaysWhatChanged() throws {
        let out = Self.temporaryFolder() + "/site"
        #expect(try Self.run(["build", "--output", out]).status == 0)
        let again = try Self.run(["build", "--output", out])
        #expect(again.status == 0, "\(again.stderr)")
        let pattern = #"^Wrote \d+ pages \((\d+) files\) to .*/site: 0 changed, 0 removed, (\d+) unchanged, in \d+ ms"#
        let line = String(again.stdout.split(separator: "\n").first ?? "")
        let match = try #require(line.firstMatch(of: try Regex(pattern)), "\(line)")
        #expect(match.output[1].substring == match.output[2].substring, "every file unchanged: \(line)")
        let moved = try Self.run(["build", "--output", out, "--base-url", "https://example.org/"])
        #expect(moved.stdout.contains(" changed, 0 removed, "), "\(moved.stdout)")
        #expect(!moved.stdout.contains(": 0 changed"), "\(moved.stdout)")
        let clean = try Self.run(["build", "--output", out, "--base-url", "https://example.org/", "--clean"])
        #expect(clean.status == 0 && clean.stdout.hasPrefix("Wrote ") && !clean.stdout.contains("changed"))
        #expect(try Self.run(["check", "--clean"]).status == 2)
        #expect(try Self.run(["build", "--clean=yes"]).status == 2)
    }

    /// `--no-offline` turns the editions' offline files off (the worker that retires an earlier one stays); a
    /// build without it turns them on again.
    @Test func noOfflineTurnsTheManifestAndWorkerOff() throws {
        let out = Self.temporaryFolder() + "/site"
        #expect(try Self.run(["build", "--output", out, "--no-offline"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: out + "/en/manifest.webmanifest"))
        let worker = try String(contentsOfFile: out + "/en/sw.js", encoding: .utf8)
        #expect(worker.contains("turned off"))
        #expect(try Self.run(["build", "--output", out]).status == 0)
        #expect(FileManager.default.fileExists(atPath: out + "/en/manifest.webmanifest"))
        #expect(try Self.run(["build", "--help"]).stdout.contains("--no-offline"))
        #expect(try Self.run(["check", "--no-offline"]).status == 2)
    }

    @Test func checkReportsEveryProblemAndExits1() throws {
        let folder = Self.temporaryFolder()
        let data = folder + "/bad.json"
        let json = """
            {"version": 1, "texts": {}, "elements": [
              {"id": 1, "general_info": {"family": null, "name": "A", "first_year": 1990, "last_year": 1980},
               "engine": {"configuration": "k", "stroke_cycle": 3, "bore": "88", "stroke": 82,
                          "displacement": {"real": 498.4, "nominal": 500}, "compression": 4,
                          "power": null, "feed": "k", "ignition": "k"},
               "transmission": {"type": "k", "clutch": "k", "final_drive": "k"},
               "frame": {"type": "k", "front_suspension": "k", "rear_suspension": "k", "wheelbase": 1380,
                         "wheels": "x", "tyres": "y"},
               "brakes": {"type": "k", "front_size": null, "rear_size": null, "notes": "k"},
               "capacities_performances": {"fuel_capacity": null, "lubricant_capacity": null, "weight": 130,
                                           "max_speed": null, "fuel_consumption": null},
               "notes": "k", "images": ["ftp://example.org/a.jpg"]}
            ]}
            """
        try json.write(toFile: data, atomically: false, encoding: .utf8)
        let run = try Self.run(["check", "--data", data])
        #expect(run.status == 1)
        #expect(run.stdout.contains("elements[0].engine.bore: expected a number, found \"88\""))
        #expect(run.stdout.contains("elements[0].engine.stroke_cycle"))
        #expect(run.stdout.contains("elements[0].general_info"))
        #expect(run.stdout.contains("elements[0].images[0]"))
        let sample = try Self.run(["check"])
        #expect(sample.status == 0, "\(sample.stdout)")
        #expect(sample.stdout.contains(" 0 errors"))
    }

    @Test func failedBuildSaysSoAndKeepsTheOutput() throws {
        let folder = Self.temporaryFolder()
        let out = folder + "/site"
        #expect(try Self.run(["build", "--output", out]).status == 0)
        let before = try String(contentsOfFile: out + "/en/index.html", encoding: .utf8)
        try "{\"version\": 1, \"elements\": [}".write(toFile: folder + "/bad.json", atomically: false, encoding: .utf8)
        let run = try Self.run(["build", "--data", folder + "/bad.json", "--output", out])
        #expect(run.status == 1)
        #expect(run.stderr.contains("line 1, column"))
        #expect(run.stderr.contains("left as it was"))
        #expect(try String(contentsOfFile: out + "/en/index.html", encoding: .utf8) == before)
    }
}
