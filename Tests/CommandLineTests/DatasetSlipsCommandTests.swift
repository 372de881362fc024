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

    /// The sample with the texts entry of its third bike written under the second bike's id, as one published
    /// version of the dataset had it.
    static func sampleWithATextsEntryTwice(version: Int? = nil) throws -> String {
        let folder = CommandLineTests.temporaryFolder()
        var text = try String(
            contentsOfFile: CommandLineTests.repositoryRoot + "/Resources/sample/info_moto.json", encoding: .utf8)
        let range = try #require(text.range(of: #""3": {"#))
        text.replaceSubrange(range, with: #""2": {"#)
        if let version, let at = text.range(of: #""version"\s*:\s*\d+"#, options: .regularExpression) {
            text.replaceSubrange(at, with: "\"version\": \(version)")
        }
        try text.write(toFile: folder + "/twice.json", atomically: false, encoding: .utf8)
        return folder + "/twice.json"
    }

    @Test func aTextsEntryWrittenTwiceIsAWarningThroughCheckBuildAndUpdate() throws {
        let data = try Self.sampleWithATextsEntryTwice()
        let text = try String(contentsOfFile: data, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let twice = lines.indices.filter { lines[$0].hasPrefix(#"        "2": {"#) }.map { $0 + 1 }
        #expect(twice.count == 2)
        let warning =
            "warning: texts[\"2\"]: texts has two entries \"2\", at lines \(twice[0]) and \(twice[1]); the first one, "
            + "at line \(twice[0]), is used and the one at line \(twice[1]) is ignored"

        let check = try CommandLineTests.run(["check", "--data", data])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains(warning))
        #expect(check.stdout.contains(#"warning: elements[2].id: texts has no entry "3" for this id"#))
        let strict = try CommandLineTests.run(["check", "--data", data, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains(#"error: texts["2"]: texts has two entries "2""#))

        let out = CommandLineTests.temporaryFolder() + "/site"
        let build = try CommandLineTests.run(["build", "--data", data, "--output", out])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains(warning))
        // The second bike keeps its own texts (the first entry); the third has none and says so.
        let second = try String(contentsOfFile: out + "/en/moto/gt-norge-1928/index.html", encoding: .utf8)
        #expect(second.contains("Named Norge after Giuseppe Guzzi rode one to the Arctic Circle."))
        let third = try String(contentsOfFile: out + "/en/moto/airone-250-1939/index.html", encoding: .utf8)
        #expect(!third.contains("Named Norge"))
        #expect(third.contains("not stated"))
        let strictBuild = try CommandLineTests.run(["build", "--data", data, "--output", out, "--strict"])
        #expect(strictBuild.status == 1)

        let local = CommandLineTests.temporaryFolder() + "/info_moto.json"
        try FileManager.default.copyItem(
            atPath: CommandLineTests.repositoryRoot + "/Resources/sample/info_moto.json", toPath: local)
        let newer = try Self.sampleWithATextsEntryTwice(version: 999)
        let update = try CommandLineTests.run(["update", "--from", newer, "--data", local])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stderr.contains(#"warning: texts["2"]: texts has two entries "2""#))
        #expect(FileManager.default.contents(atPath: local) == FileManager.default.contents(atPath: newer))
    }

    @Test(arguments: ["schema-2017.json", "schema-2018-early.json"])
    func theFirstSchemaIsNamedInOneLine(fixture: String) throws {
        let data = CommandLineTests.repositoryRoot + "/Tests/Fixtures/catalogue/" + fixture
        let check = try CommandLineTests.run(["check", "--data", data])
        #expect(check.status == 1)
        let lines = check.stdout.split(separator: "\n")
        #expect(lines.count == 2, "\(check.stdout)")
        #expect(lines.first?.contains("first dataset schema (2017 and early 2018") == true)
        let out = CommandLineTests.temporaryFolder() + "/site"
        let build = try CommandLineTests.run(["build", "--data", data, "--output", out])
        #expect(build.status == 1)
        #expect(build.stderr.contains("1 error"))
        #expect(build.stderr.contains("guzzi-site reads the schema that followed in 2018"))
        #expect(!FileManager.default.fileExists(atPath: out))

        let local = CommandLineTests.temporaryFolder() + "/info_moto.json"
        try FileManager.default.copyItem(
            atPath: CommandLineTests.repositoryRoot + "/Resources/sample/info_moto.json", toPath: local)
        let before = FileManager.default.contents(atPath: local)
        let update = try CommandLineTests.run(["update", "--from", data, "--data", local])
        #expect(update.status != 0)
        #expect(update.stderr.contains("first dataset schema (2017 and early 2018"))
        #expect(update.stderr.contains("(1 error)"))
        #expect(FileManager.default.contents(atPath: local) == before)
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
