import Foundation
import History
import TestSupport
import Testing

/// `HistoryImport` over small repositories made here: the bundled sample committed in each shape a real history
/// has (an added bike, a corrected figure, an Italian-only text, a version that does not parse, a commit that
/// changes nothing, a repeated version number, a photo added), and the real history when `../shared` has it.
@Suite struct HistoryImportTests {
    /// A git repository with the sample committed as `data/info_moto.json`, then each edit in turn.
    struct Repository {
        let folder = ScratchFolders.make("history")
        var dataset: [String: Any]
        var day = 1

        init() throws {
            let sample = try Data(
                contentsOf: URL(fileURLWithPath: RepositoryPaths.root + "/Resources/sample/info_moto.json"))
            dataset = try #require(try JSONSerialization.jsonObject(with: sample) as? [String: Any])
            #expect(git("init -q && git config user.email t@example.org && git config user.name Test") == 0)
            try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
        }

        func git(_ command: String, date: Int? = nil) -> Int32 {
            let stamp = date.map { "GIT_AUTHOR_DATE='2019-03-\(String(format: "%02d", $0))T12:00:00+01:00' " } ?? ""
            return shell("cd '\(folder)' && \(stamp)git \(command) >/dev/null 2>&1")
        }

        /// Commits `text` (or the dataset as it stands, pretty-printed or `compact`) as the next day's version.
        mutating func commit(_ message: String, text: String? = nil, compact: Bool = false) throws {
            let bytes =
                try text.map { Data($0.utf8) }
                ?? JSONSerialization.data(
                    withJSONObject: dataset, options: compact ? [.sortedKeys] : [.prettyPrinted, .sortedKeys])
            try bytes.write(to: URL(fileURLWithPath: folder + "/data/info_moto.json"))
            #expect(git("add -A") == 0)
            #expect(git("commit -q -m '\(message)'", date: day) == 0)
            day += 1
        }

        var elements: [[String: Any]] {
            get { dataset["elements"] as? [[String: Any]] ?? [] }
            set { dataset["elements"] = newValue }
        }

        mutating func edit(_ index: Int, _ change: (inout [String: Any]) -> Void) {
            var all = elements
            change(&all[index])
            elements = all
        }
    }

    static func history(_ repository: Repository) throws -> HistoryImport.Outcome {
        try HistoryImport.fromGit(repository: repository.folder, path: nil, name: "info_moto.json")
    }

    @Test func eachShapeOfChangeIsRecordedAndTheRestSkipped() throws {
        var repository = try Repository()
        let all = repository.elements
        let newest = try #require(all.last)
        repository.elements = Array(all.dropLast())
        try repository.commit("the first release")
        try repository.commit("not JSON", text: "{\"version\": 12,,}")
        repository.elements = all
        try repository.commit("a motorcycle added")
        try repository.commit("a commit that changes nothing", compact: true)  // other bytes, the same data
        repository.dataset["version"] = (repository.dataset["version"] as? Int ?? 0)  // the same version again
        repository.edit(0) { bike in
            var frame = bike["frame"] as? [String: Any] ?? [:]
            frame["wheelbase"] = 1530
            bike["frame"] = frame
        }
        try repository.commit("wheelbase filled in")
        let id = try #require(all[0]["id"] as? Int)
        var texts = repository.dataset["texts"] as? [String: Any] ?? [:]
        var entry = texts[String(id)] as? [String: Any] ?? [:]
        var notes = entry["notes"] as? [String: Any] ?? [:]
        notes["it"] = "Una nota riscritta solo in italiano."
        entry["notes"] = notes
        texts[String(id)] = entry
        repository.dataset["texts"] = texts
        try repository.commit("an Italian text")
        repository.edit(0) { bike in
            bike["images"] = (bike["images"] as? [String] ?? []) + ["https://live.staticflickr.com/1/2_abc_b.jpg"]
        }
        try repository.commit("a photo added")

        let outcome = try Self.history(repository)
        let releases = outcome.history.releases
        #expect(releases.count == 5, "\(releases.map(\.date))")
        #expect(outcome.skipped.count == 1 && outcome.unchanged == 1 && outcome.versions == 7)
        #expect(outcome.skipped.first?.contains("skipped, not JSON (line 1, column") == true)
        #expect(releases[0].isFirst && releases[0].motorcycles == all.count - 1)
        #expect(releases[0].date == "2019-03-01T12:00:00+01:00")
        #expect(releases[1].added == [try #require(newest["id"] as? Int)] && releases[1].removed.isEmpty)
        #expect(releases[1].date.hasPrefix("2019-03-03"))
        #expect(releases[2].date.hasPrefix("2019-03-05"))
        let wheelbase = releases[2].figures.first { $0.id == id && $0.path == "frame.wheelbase" }
        #expect(wheelbase?.after == .number(1530))
        #expect(releases[2].texts.isEmpty && releases[2].added.isEmpty)
        #expect(releases[3].texts == [TextChange(id: id, field: "notes", languages: ["it"])])
        #expect(releases[3].figures.isEmpty)
        #expect(
            releases[4].photos == [
                PhotoChange(id: id, added: ["https://live.staticflickr.com/1/2_abc_b.jpg"], removed: [])
            ])
        // every release has its own identity, though the version repeats
        #expect(Set(releases.map(\.digest)).count == releases.count)
    }

    /// A 0 and a null both mean "not stated": going from one to the other is no change.
    @Test func zeroAndNullAreTheSameNotStated() throws {
        var repository = try Repository()
        repository.edit(0) { bike in
            var capacities = bike["capacities_performances"] as? [String: Any] ?? [:]
            capacities["fuel_capacity"] = NSNull()
            bike["capacities_performances"] = capacities
        }
        try repository.commit("null")
        repository.edit(0) { bike in
            var capacities = bike["capacities_performances"] as? [String: Any] ?? [:]
            capacities["fuel_capacity"] = 0
            bike["capacities_performances"] = capacities
        }
        try repository.commit("zero")
        let outcome = try Self.history(repository)
        #expect(outcome.history.releases.count == 1)
        #expect(outcome.unchanged == 1)
    }

    @Test func runTwiceWritesTheSameBytesAtomically() throws {
        var repository = try Repository()
        try repository.commit("one")
        repository.edit(1) { bike in
            var frame = bike["frame"] as? [String: Any] ?? [:]
            frame["wheelbase"] = 1234
            bike["frame"] = frame
        }
        try repository.commit("two")
        let target = repository.folder + "/out/info_moto.history.json"
        try FileManager.default.createDirectory(atPath: repository.folder + "/out", withIntermediateDirectories: true)
        try Self.history(repository).history.write(to: target)
        let first = try Data(contentsOf: URL(fileURLWithPath: target))
        try Self.history(repository).history.write(to: target)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == first)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: repository.folder + "/out") == [
                "info_moto.history.json"
            ])
        let parsed = try JSONSerialization.jsonObject(with: first) as? [String: Any]
        #expect((parsed?["releases"] as? [Any])?.count == 2)
    }

    @Test func badInputIsOneClearLine() throws {
        let plain = ScratchFolders.make("not-a-repository")
        #expect {
            try HistoryImport.fromGit(repository: plain, path: nil, name: "info_moto.json")
        } throws: { error in
            (error as? HistoryError).map { "\($0)".hasPrefix("error: \(plain) is not a git repository") } ?? false
        }
        var repository = try Repository()
        try repository.commit("one")
        #expect(throws: HistoryError.neverCommitted(repository: repository.folder, path: "elsewhere.json")) {
            try HistoryImport.fromGit(repository: repository.folder, path: "elsewhere.json", name: "x")
        }
        #expect(throws: HistoryError.pathUnknown(repository: repository.folder, name: "other.json", found: [])) {
            try HistoryImport.fromGit(repository: repository.folder, path: nil, name: "other.json")
        }
        #expect {
            try CatalogueHistory().write(to: repository.folder + "/no/such/folder/x.history.json")
        } throws: { error in
            "\(error)".contains("cannot write") && "\(error)".contains("nothing was written")
        }
    }

    /// The real history (`../shared/data/info_moto-history.bundle`): every release in today's schema appears once,
    /// dated as its commit, and the first is the summary.
    @Test func theRealHistoryHasEveryReleaseOnceDatedAsItsCommit() throws {
        let bundle = RepositoryPaths.root + "/../shared/data/info_moto-history.bundle"
        guard FileManager.default.fileExists(atPath: bundle) else { return }
        let clone = ScratchFolders.make("real-history") + "/repo"
        #expect(shell("git clone -q '\(bundle)' '\(clone)' >/dev/null 2>&1") == 0)
        let outcome = try HistoryImport.fromGit(repository: clone, path: nil, name: "info_moto.json")
        let releases = outcome.history.releases
        #expect(releases.first?.isFirst == true)
        #expect(releases.dropFirst().allSatisfy { !$0.isFirst && $0.changesSomething })
        #expect(Set(releases.map(\.digest)).count == releases.count)
        #expect(outcome.versions == releases.count + outcome.skipped.count + outcome.unchanged)
        // dated as their commits: the author dates git prints for the file, in the same order
        let log = Process()
        log.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        log.arguments = [
            "git", "-C", clone, "log", "--reverse", "--format=%H %aI", "--", "Guzzi Tracker/info_moto.json",
        ]
        let pipe = Pipe()
        log.standardOutput = pipe
        try log.run()
        let lines = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        log.waitUntilExit()
        let dates = Dictionary(
            lines.split(separator: "\n").map { line in
                let parts = line.split(separator: " ")
                return (String(parts[0]), String(parts[1]))
            }, uniquingKeysWith: { first, _ in first })
        for release in releases {
            #expect(dates[release.commit ?? ""] == release.date)
        }
    }
}

/// The sidecar read back: what `history` wrote decodes to the same history; a malformed one is an error with its
/// file, line and column.
@Suite struct HistoryReadingTests {
    @Test func whatIsWrittenReadsBackTheSame() throws {
        var history = CatalogueHistory()
        var release = Release(
            date: "2019-04-16T21:03:11+02:00", version: 24, digest: "00ff", commit: nil, motorcycles: 2, isFirst: false)
        release.added = [7]
        release.figures = [FigureChange(id: 3, path: "frame.wheelbase", before: nil, after: .number(1530))]
        release.figures.append(FigureChange(id: 3, path: "frame.tyres", before: .text("a \"b\""), after: nil))
        release.texts = [TextChange(id: 3, field: "notes", languages: ["it"])]
        release.photos = [PhotoChange(id: 3, added: ["https://example.org/1.jpg"], removed: [])]
        history.releases = [release]
        let decoded = try CatalogueHistory.decode(history.encoded(), path: "h.json")
        #expect(decoded == history)
    }

    @Test func aMalformedSidecarNamesItsLineAndColumn() {
        let text = "{\n  \"format\": 1,\n  \"releases\": [\n    {\"date\": 12}\n  ]\n}\n"
        #expect {
            try CatalogueHistory.decode(Array(text.utf8), path: "x.history.json")
        } throws: { error in
            "\(error)".hasPrefix("error: x.history.json:4:")
        }
        #expect(
            throws: HistoryError.invalid(path: "x.json", line: 1, column: 12, message: "expected a value, found '}'")
        ) {
            try CatalogueHistory.decode(Array("{\"format\": }".utf8), path: "x.json")
        }
    }
}
