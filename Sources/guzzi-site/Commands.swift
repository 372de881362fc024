import Catalogue
import Foundation
import History
import Site

/// One function per command; each returns the process exit status.
enum Commands {
    /// The defaults: relative to the current folder when it is a project folder, else to the project folder the
    /// binary was built in (said once on standard error), else relative as given, to fail with a clear message.
    static func defaultOptions(_ arguments: Arguments) -> BuildOptions {
        let given = ["data", "templates", "resources"].contains { arguments.options[$0] != nil }
        let here = FileManager.default.currentDirectoryPath
        guard !given,
            let folder = ProjectFolder.locate(currentDirectory: here, executable: ProjectFolder.runningExecutable),
            folder != here
        else { return BuildOptions() }
        Terminal.error("note: no Templates/ in \(here); using the project folder \(folder)")
        return BuildOptions(projectFolder: folder)
    }

    static func buildOptions(_ arguments: Arguments) throws(UsageError) -> BuildOptions {
        var options = defaultOptions(arguments)
        options.strict = arguments.flags.contains("strict")
        if let data = arguments.options["data"] { options.dataPath = data }
        if let output = arguments.options["output"] { options.outputPath = output }
        if let templates = arguments.options["templates"] { options.templatesPath = templates }
        if let resources = arguments.options["resources"] { options.resourcesPath = resources }
        if let base = arguments.options["base-url"] {
            guard let normalized = BuildOptions.normalizedBaseURL(base) else {
                throw .invalidValue(option: "base-url", value: base, expected: "an absolute http(s) URL")
            }
            options.baseURL = normalized
        }
        options.clean = arguments.flags.contains("clean")
        options.offline = !arguments.flags.contains("no-offline")
        return options
    }

    static func build(_ arguments: Arguments) -> Int32 {
        var options: BuildOptions
        do {
            options = try buildOptions(arguments)
        } catch {
            Terminal.error(error.description + "\n\n" + Usage.build)
            return 2
        }
        do {
            let report = try SiteBuilder.build(
                options, progress: ProgressLine.forTerminal(), waiting: { Terminal.error($0) })
            ProgressLine.clear()
            for warning in report.warnings { Terminal.error(warning.description) }
            // the bundled sample's photos are made up: `photos` is for a publisher's own dataset
            if arguments.options["data"] != nil, let note = photoNote(report.photos, dataPath: options.dataPath) {
                Terminal.error(note)
            }
            print(summary(report, output: options.outputPath))
            if printsPhases { Terminal.error(phases(report)) }
            return 0
        } catch {
            ProgressLine.clear()
            Terminal.error(error.description)
            Terminal.error("build failed; \(options.outputPath) was left as it was")
            return 1
        }
    }

    static func summary(_ report: BuildReport, output: String) -> String {
        let milliseconds = Int((report.seconds * 1000).rounded())
        let count = report.warnings.count
        var warnings = count == 0 ? "" : ", \(count) warning\(count == 1 ? "" : "s")"
        let unsized = report.photos.unsized
        if unsized > 0 { warnings += ", \(unsized) photo\(unsized == 1 ? "" : "s") without sizes" }
        let written = "Wrote \(report.pages) pages (\(report.files) files) to \(output)"
        guard let changes = report.changes else { return written + " in \(milliseconds) ms\(warnings)" }
        return written + ": \(changes.changed) changed, \(changes.removed) removed, \(changes.unchanged) unchanged, "
            + "in \(milliseconds) ms\(warnings)"
    }

    /// What photos without sizes cost readers, and the fix: on standard error before the summary.
    static func photoNote(_ photos: PhotoCount, dataPath: String) -> String? {
        guard photos.unsized > 0 else { return nil }
        let all = photos.unsized == photos.total ? "all \(photos.total)" : "\(photos.unsized) of \(photos.total)"
        return "note: \(all) photos have no sizes (no photo sidecar entry): pages draw them in boxes of fixed "
            + "proportions, and originals only as links, never loaded unasked; "
            + "'guzzi-site photos --data \(dataPath)' sizes the Flickr ones"
    }

    /// Whether `build` and `serve` print each build's phases (`GUZZI_TIMINGS=1`, for the benchmarks).
    static let printsPhases = ProcessInfo.processInfo.environment["GUZZI_TIMINGS"] == "1"

    /// `phases: decode=9.1ms plan=3.2ms render+write=45.6ms publish=7.8ms`, for the benchmark (`GUZZI_TIMINGS=1`).
    static func phases(_ report: BuildReport) -> String {
        "phases: "
            + report.phases.map { phase in
                let name = phase.name.replacingOccurrences(of: " and ", with: "+").replacingOccurrences(
                    of: " ", with: "-")
                return name + "=" + String(format: "%.1f", phase.seconds * 1000) + "ms"
            }.joined(separator: " ")
    }

    /// The history sidecar beside the dataset, when there is one: an error with its line and column when it is
    /// malformed (false), a warning when its last release is not this dataset (written before the dataset
    /// changed), else one line saying what it holds.
    static func checkHistory(dataPath: String) -> Bool {
        let path = CatalogueHistory.path(forDataset: dataPath)
        do throws(HistoryError) {
            guard let history = try CatalogueHistory.read(contentsOf: path) else { return true }
            let releases = history.releases
            guard let last = releases.last else {
                print("\(path): no release")
                return true
            }
            let data = FileManager.default.contents(atPath: dataPath).map { Array($0) } ?? []
            if let stale = history.staleness(of: dataPath, data: data) { Terminal.error("warning: " + stale) }
            print(
                "\(path): \(releases.count) release\(releases.count == 1 ? "" : "s"), the last on \(last.date.prefix(10))"
            )
            return true
        } catch {
            Terminal.error(error.description)
            return false
        }
    }

    /// Exit 1 on any error, and with `--strict` on any warning too.
    static func check(_ arguments: Arguments) -> Int32 {
        let path = arguments.options["data"] ?? defaultOptions(arguments).dataPath
        let strict = arguments.flags.contains("strict")
        do {
            let result = try CatalogueDecoder.decode(contentsOf: path)
            let problems = strict ? result.problems.map(\.strict) : result.problems
            for problem in problems { print("\(path): \(problem.description)") }
            let errors = result.errors.count, warnings = result.warnings.count
            var summary =
                "\(path): \(errors) error\(errors == 1 ? "" : "s"), "
                + "\(warnings) warning\(warnings == 1 ? "" : "s")"
            if strict && warnings > 0 { summary += " (--strict: warnings are errors)" }
            print(summary)
            let historyValid = checkHistory(dataPath: path)
            return errors == 0 && (!strict || warnings == 0) && historyValid ? 0 : 1
        } catch {
            Terminal.error(error.description)
            return 1
        }
    }
}
