import Foundation
import Testing

/// What a publisher sees from the binary for datasets with slips, for the first schema, and from another folder.
@Suite struct DatasetSlipsCommandTests {
    /// The sample with one bike's wheelbase set to 0 (a slip published datasets have had).
    static func slippedSample(version: Int? = nil) throws -> String {
        let folder = CommandLineTests.temporaryFolder()
        var text = try String(
            contentsOfFile: CommandLineTests.repositoryRoot + "/Resources/sample/info_moto.json", encoding: .utf8)
        let range = try #require(text.range(of: #""wheelbase": 1445"#))
        text.replaceSubrange(range, with: #""wheelbase": 0"#)
        if let version, let at = text.range(of: #""version"\s*:\s*\d+"#, options: .regularExpression) {
            text.replaceSubrange(at, with: "\"version\": \(version)")
        }
        try text.write(toFile: folder + "/slipped.json", atomically: false, encoding: .utf8)
        return folder + "/slipped.json"
    }

    @Test func buildWarnsAndStrictFails() throws {
        let data = try Self.slippedSample()
        let out = CommandLineTests.temporaryFolder() + "/site"
        let build = try CommandLineTests.run(["build", "--data", data, "--output", out])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("warning: elements[7].frame.wheelbase: 0 is read as unknown"))
        #expect(build.stdout.contains("warning"))
        let page = try String(contentsOfFile: out + "/en/moto/v7-1967/index.html", encoding: .utf8)
        let before = try FileManager.default.contentsOfDirectory(atPath: out).sorted()

        let strict = try CommandLineTests.run(["build", "--data", data, "--output", out, "--strict"])
        #expect(strict.status == 1)
        #expect(
            strict.stderr.contains(
                "error: elements[7].frame.wheelbase: 0 is read as unknown; the site shows it as not stated "
                    + "(an error with --strict)"))
        #expect(strict.stderr.contains("was left as it was"))
        #expect(try String(contentsOfFile: out + "/en/moto/v7-1967/index.html", encoding: .utf8) == page)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == before)
        #expect(try CommandLineTests.run(["build", "--strict=yes"]).status == 2)
    }

    @Test func checkStrictTurnsWarningsIntoErrors() throws {
        let data = try Self.slippedSample()
        let check = try CommandLineTests.run(["check", "--data", data])
        #expect(check.status == 0)
        #expect(check.stdout.contains("warning: elements[7].frame.wheelbase"))
        let strict = try CommandLineTests.run(["check", "--data", data, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("error: elements[7].frame.wheelbase"))
        #expect(strict.stdout.contains("(--strict: warnings are errors)"))
    }

    @Test func updateAcceptsANewerFileWithWarningsAndPrintsThem() throws {
        let local = CommandLineTests.temporaryFolder() + "/info_moto.json"
        try String(
            contentsOfFile: CommandLineTests.repositoryRoot + "/Resources/sample/info_moto.json", encoding: .utf8
        ).write(toFile: local, atomically: false, encoding: .utf8)
        let newer = try Self.slippedSample(version: 999)
        let run = try CommandLineTests.run(["update", "--from", newer, "--data", local])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("→ 999"))
        #expect(run.stderr.contains("warning: elements[7].frame.wheelbase"))
        #expect(FileManager.default.contents(atPath: local) == FileManager.default.contents(atPath: newer))
    }

    @Test func theFirstSchemaIsNamedInOneLine() throws {
        let data = CommandLineTests.repositoryRoot + "/Tests/Fixtures/catalogue/schema-2017.json"
        let check = try CommandLineTests.run(["check", "--data", data])
        #expect(check.status == 1)
        let lines = check.stdout.split(separator: "\n")
        #expect(lines.count == 2, "\(check.stdout)")
        #expect(lines.first?.contains("first dataset schema (2017") == true)
        let build = try CommandLineTests.run(["build", "--data", data, "--output", CommandLineTests.temporaryFolder()])
        #expect(build.status == 1)
        #expect(build.stderr.contains("1 error"))
        #expect(build.stderr.contains("guzzi-site reads the schema of 2018 onwards"))
    }

    /// Run from a folder with no Templates/, the binary uses the project folder it was built in and says so.
    @Test func runFromAnotherFolderFindsTheProject() throws {
        let elsewhere = CommandLineTests.temporaryFolder()
        let out = elsewhere + "/site"
        let run = try CommandLineTests.run(["build", "--output", out], in: elsewhere)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("note: no Templates/ in \(elsewhere); using the project folder"))
        #expect(FileManager.default.fileExists(atPath: out + "/en/index.html"))
        #expect(try CommandLineTests.run(["check"], in: elsewhere).status == 0)
    }

    /// A folder that does not exist says how to fix it.
    @Test func aMissingTemplatesFolderSaysWhatToDo() throws {
        let elsewhere = CommandLineTests.temporaryFolder()
        let data = CommandLineTests.repositoryRoot + "/Resources/sample/info_moto.json"
        let run = try CommandLineTests.run(
            ["build", "--data", data, "--output", elsewhere + "/site"], in: elsewhere)
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: the templates folder Templates does not exist (\(elsewhere)/Templates)"))
        #expect(run.stderr.contains("run guzzi-site from the project folder"))
        #expect(run.stderr.contains("--templates DIR and --resources DIR"))
    }
}
