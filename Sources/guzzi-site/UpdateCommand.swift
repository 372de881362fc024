import Site
import Updater

/// `guzzi-site update`: fetch a newer dataset.
///
/// Exit statuses: 0 updated, 3 already up to date (also when the source is older), 4 source not reachable,
/// 5 invalid source data, 1 local I/O failure, 2 usage.
enum UpdateCommand {
    static func run(_ arguments: Arguments) -> Int32 {
        let dataPath = arguments.options["data"] ?? BuildOptions().dataPath
        let source = arguments.options["from"] ?? DatasetFetcher.defaultSource
        guard !source.isEmpty else {
            Terminal.error(UsageError.missingValue("from").description + "\n\n" + Usage.update)
            return 2
        }
        do {
            let outcome = try DatasetUpdater.update(dataPath: dataPath, source: source)
            print(outcome.description)
            return outcome.exitCode
        } catch {
            Terminal.error(error.description)
            if case .invalidData = error { Terminal.error("\(dataPath) was left as it was") }
            return error.exitCode
        }
    }
}
