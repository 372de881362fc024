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
            let outcome = try DatasetUpdater.update(dataPath: dataPath, source: source)
            for warning in outcome.warnings { Terminal.error("\(dataPath): \(warning.description)") }
            print(outcome.description)
            return outcome.exitCode
        } catch {
            Terminal.error(error.description)
            if case .invalidData = error { Terminal.error("\(dataPath) was left as it was") }
            return error.exitCode
        }
    }
}
