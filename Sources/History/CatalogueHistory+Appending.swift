import Files
import Foundation

extension CatalogueHistory {
    /// What appending a release did (`append(installing:over:date:)`), said in one line by `update`.
    public enum Appended: Sendable, Equatable {
        case release(Release)
        /// The new dataset is the history's last release already, or changes nothing against the one it replaced.
        case nothingChanged
        /// The file it replaced could not be read as a dataset of today's schema: there is nothing to compare with.
        case notComparable
    }

    /// Appends the release `guzzi-site update` made by installing `current` over `previous` (the file as it was,
    /// nil when there was none), dated `date`: what changed is measured against the file it replaced, as
    /// `history` measures each commit against the one before. A history with no release starts with this one.
    public mutating func append(installing current: [UInt8], over previous: [UInt8]?, date: String) -> Appended {
        var skipped: [String] = []
        let digest = Digest(of: current).description
        guard releases.last?.digest != digest,
            let root = HistoryImport.accepted(current, label: "the new dataset", skipped: &skipped)
        else { return .nothingChanged }
        let snapshot = DatasetSnapshot(root)
        var release = Release(
            date: date, version: snapshot.version, digest: digest, commit: nil, motorcycles: snapshot.elements.count,
            isFirst: releases.isEmpty)
        if !releases.isEmpty {
            guard let previous, let old = HistoryImport.accepted(previous, label: "the old dataset", skipped: &skipped)
            else { return .notComparable }
            release.record(from: DatasetSnapshot(old), to: snapshot)
        }
        guard release.changesSomething else { return .nothingChanged }
        releases.append(release)
        return .release(release)
    }

    /// `date` as git prints a commit's (`2019-03-07T15:42:47+01:00`), in this machine's time zone.
    public static func timestamp(_ date: Date, timeZone: TimeZone = .current) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let sign = offset < 0 ? "-" : "+"
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return String(format: "%04d", parts.year ?? 0) + "-" + two(parts.month) + "-" + two(parts.day) + "T"
            + two(parts.hour) + ":" + two(parts.minute) + ":" + two(parts.second) + sign
            + two(abs(offset) / 3600) + ":" + two(abs(offset) % 3600 / 60)
    }
}

extension Release {
    /// "3 motorcycles added, 1 figure changed": what `update` says it recorded.
    public var summary: String {
        if isFirst { return "the first release, \(motorcycles) motorcycles" }
        let parts = [
            (added.count, "motorcycle", "added"), (removed.count, "motorcycle", "removed"),
            (figures.count, "figure", "changed"), (texts.count, "text", "changed"),
            (photos.reduce(0) { $0 + $1.added.count + $1.removed.count }, "photo", "added or removed"),
        ]
        return parts.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s") \($0.2)" }
            .joined(separator: ", ")
    }
}
