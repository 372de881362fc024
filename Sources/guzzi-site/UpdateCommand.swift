import Catalogue
import Foundation
import History
import Updater

/// `guzzi-site update`: fetch a newer dataset.
///
/// Exit statuses: 0 updated, 3 already up to date (also when the source is older), 4 source not reachable,
/// 5 invalid source data, 1 local I/O failure, 2 usage.
enum UpdateCommand {
    static func run(_ arguments: Arguments) -> Int32 {
        // No default: the default data file of `build` is the bundled sample, which is ours, and updating it
        // would copy the Guzzi Tracker dataset into the repository.
        guard let dataPath = arguments.options["data"] else {
            Terminal.error(
                "error: missing '--data FILE': update replaces that file (never the bundled sample)\n\n"
                    + Usage.update)
            return 2
        }
        let source = arguments.options["from"] ?? DatasetFetcher.defaultSource
        guard !source.isEmpty else {
            Terminal.error(UsageError.missingValue("from").description + "\n\n" + Usage.update)
            return 2
        }
        do {
            let before = try? Catalogue.bytes(contentsOf: dataPath)
            let outcome = try DatasetUpdater.update(dataPath: dataPath, source: source)
            for warning in outcome.warnings { Terminal.error("\(dataPath): \(warning.description)") }
            print(outcome.description)
            if case .updated = outcome { recordRelease(dataPath: dataPath, previous: before) }
            return outcome.exitCode
        } catch {
            Terminal.error(error.description)
            if case .invalidData = error { Terminal.error("\(dataPath) was left as it was") }
            return error.exitCode
        }
    }

    /// Appends the release just installed to the dataset's history sidecar, when it has one (`guzzi-site history`
    /// made it: a dataset without one is left without, as it was). The dataset is installed whatever happens here,
    /// so a sidecar that cannot be read or written is a warning, not a failure.
    static func recordRelease(dataPath: String, previous: [UInt8]?) {
        let path = CatalogueHistory.path(forDataset: dataPath)
        do throws(HistoryError) {
            guard var history = try CatalogueHistory.read(contentsOf: path),
                let current = try? Catalogue.bytes(contentsOf: dataPath)
            else { return }
            switch history.append(installing: current, over: previous, date: CatalogueHistory.timestamp(Date())) {
            case .release(let release):
                try history.write(to: path)
                print("\(path): a release of \(release.date.prefix(10)) recorded (\(release.summary))")
            case .nothingChanged:
                print("\(path): nothing to record, no motorcycle changed")
            case .notComparable:
                Terminal.error(
                    "warning: \(path): no release recorded: the file replaced was not a dataset to compare with; "
                        + "run 'guzzi-site history' again")
            }
        } catch {
            Terminal.error("warning: \(error.description) (the dataset was updated; the history was not)")
        }
    }
}
