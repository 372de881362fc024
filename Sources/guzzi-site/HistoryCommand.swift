import History

/// `guzzi-site history`: the dataset's history from git, written beside it.
///
/// Exit statuses: 0 written, 1 git, the repository or the sidecar's folder failed (one line says which), 2 usage.
enum HistoryCommand {
    static func run(_ arguments: Arguments) -> Int32 {
        guard let dataPath = arguments.options["data"], let repository = arguments.options["from-git"] else {
            let missing = arguments.options["data"] == nil ? "--data FILE" : "--from-git REPO"
            Terminal.error("error: missing '\(missing)'\n\n" + Usage.history)
            return 2
        }
        let name = dataPath.split(separator: "/").last.map(String.init) ?? dataPath
        let target = CatalogueHistory.path(forDataset: dataPath)
        do throws(HistoryError) {
            let outcome = try HistoryImport.fromGit(
                repository: repository, path: arguments.options["path"], name: name)
            for line in outcome.skipped { Terminal.error(line) }
            try outcome.history.write(to: target)
            let releases = outcome.history.releases
            print(
                "\(target): \(releases.count) release\(releases.count == 1 ? "" : "s") from \(outcome.versions) "
                    + "committed versions (\(outcome.skipped.count) skipped, \(outcome.unchanged) changing nothing)")
            return 0
        } catch {
            Terminal.error(error.description)
            return 1
        }
    }
}
