import Catalogue
import Fetching
import Foundation
import PhotoSidecar

/// `guzzi-site photos`: resolves every Flickr photo of the dataset once through oEmbed into the sidecar.
///
/// It keeps what the sidecar has and asks only for what is missing, one photo at a time (the endpoint is
/// Flickr's, and about a hundred requests need no hurry). Nothing already resolved is ever lost: the sidecar is
/// read first (a malformed one stops the run before any request, so it is never overwritten), written
/// atomically after every `saveEvery` new records and at the end on every path, including a stop on failures
/// and an interruption by `shouldStop`.
public enum PhotoResolver {
    public static func resolve(
        dataPath: String, options: ResolveOptions = ResolveOptions(),
        progress: (@Sendable (ResolveProgress) -> Void)? = nil, shouldStop: @Sendable () -> Bool = { false }
    ) throws(PhotosError) -> ResolveReport {
        guard OEmbedClient.requestURL(endpoint: options.endpoint, id: 1) != nil else {
            throw .usage("the oEmbed endpoint must be an http(s) URL, found '\(options.endpoint)'")
        }
        // Needed only if some photo is asked about: a run with nothing to ask works without the helper.
        let helper = Result { () throws(FetchError) in try FetchHelper.located() }
        let catalogue: Catalogue
        do {
            catalogue = try Catalogue.load(contentsOf: dataPath).catalogue
        } catch {
            throw .dataset(error)
        }
        let path = PhotoSidecar.path(forDataset: dataPath)
        let existing: PhotoSidecar?
        do {
            existing = try PhotoSidecar.read(contentsOf: path)
        } catch {
            throw .sidecar(error)
        }
        var run = Run(
            sidecar: existing ?? PhotoSidecar(), path: path, options: options,
            client: OEmbedClient(
                endpoint: options.endpoint, timeoutSeconds: options.timeoutSeconds,
                helper: helper))
        run.report.sidecarPath = path
        var ids: [UInt64] = []
        var seen = Set<UInt64>()
        for bike in catalogue.motorcycles {
            for url in bike.images {
                guard let id = FlickrURL.photoID(url) else {
                    run.report.otherImages += 1
                    continue
                }
                if seen.insert(id).inserted { ids.append(id) }
            }
        }
        run.report.flickrPhotos = ids.count
        let asked = ids.filter { id in
            switch run.sidecar.records[id] {
            case nil: return true
            case .gone?: return options.retryGone
            case .found?: return false
            }
        }
        run.report.known = ids.count - asked.count
        if !asked.isEmpty, case .failure(let error) = helper { throw .fetching(error) }
        try run.ask(asked, progress: progress, shouldStop: shouldStop)
        if run.changed || existing == nil { try run.save() }
        return run.report
    }
}

/// One run's state: the sidecar as it grows, and what to report.
struct Run {
    var sidecar: PhotoSidecar
    let path: String
    let options: ResolveOptions
    let client: OEmbedClient
    var report = ResolveReport(sidecarPath: "")
    var changed = false
    private var unsaved = 0
    /// A 404 from an endpoint that has answered no photo yet is not believed at once: a wrong `--oembed` (or a
    /// proxy's error page) would otherwise record every photo as gone. Such answers wait here until the endpoint
    /// proves itself with a photo.
    private var pendingGone: [(id: UInt64, reason: String)] = []
    private var endpointAnswered = false

    init(sidecar: PhotoSidecar, path: String, options: ResolveOptions, client: OEmbedClient) {
        self.sidecar = sidecar
        self.path = path
        self.options = options
        self.client = client
    }

    /// How asking about one photo ended, after its retries.
    enum Final {
        case found(FoundPhoto)
        case gone(String)
        case failed(String)
        /// The run must stop (rate limited for longer than we wait); the photo itself failed.
        case stop(String)
    }

    mutating func ask(
        _ ids: [UInt64], progress: (@Sendable (ResolveProgress) -> Void)?, shouldStop: @Sendable () -> Bool
    ) throws(PhotosError) {
        var consecutiveFailures = 0
        for (index, id) in ids.enumerated() {
            if shouldStop() {
                stop(because: "interrupted", unasked: ids.count - index)
                break
            }
            switch askWithRetries(id) {
            case .found(let photo):
                consecutiveFailures = 0
                record(id, .found(photo))
                report.found += 1
                if !endpointAnswered {
                    endpointAnswered = true
                    for pending in pendingGone { recordGone(pending.id, pending.reason) }
                    pendingGone = []
                }
            case .gone(let reason):
                consecutiveFailures = 0
                if endpointAnswered { recordGone(id, reason) } else { pendingGone.append((id, reason)) }
            case .failed(let reason):
                report.failures.append((id, reason))
                consecutiveFailures += 1
            case .stop(let reason):
                report.failures.append((id, reason))
                stop(because: reason, unasked: ids.count - index - 1)
            }
            progress?(ResolveProgress(done: index + 1, total: ids.count, failed: report.failures.count))
            if report.stopReason != nil { break }
            if consecutiveFailures >= options.maximumConsecutiveFailures, index + 1 < ids.count {
                stop(
                    because: "\(consecutiveFailures) photos in a row failed; the endpoint seems unreachable",
                    unasked: ids.count - index - 1)
                break
            }
            if unsaved >= options.saveEvery { try save() }
        }
        settlePendingGone()
    }

    /// At the end: 404s held back are believed if the endpoint answers a photo the sidecar already has.
    private mutating func settlePendingGone() {
        guard !pendingGone.isEmpty else { return }
        if !endpointAnswered, let known = sidecar.records.filter({ $0.value.found != nil }).keys.min(),
            case .found = client.ask(known)
        {
            endpointAnswered = true
        }
        for pending in pendingGone {
            if endpointAnswered {
                recordGone(pending.id, pending.reason)
            } else {
                report.failures.append(
                    (
                        pending.id,
                        "HTTP 404 (\(pending.reason)), not recorded: this endpoint answered no photo at all; "
                            + "is --oembed right?"
                    ))
            }
        }
        pendingGone = []
    }

    private mutating func recordGone(_ id: UInt64, _ reason: String) {
        if case .gone(let oldReason, _)? = sidecar.records[id], oldReason == reason {
            report.gone += 1  // asked again with --retry-gone: still gone, keep the day it was first seen
            return
        }
        record(id, .gone(reason: reason, checked: options.today))
        report.gone += 1
    }

    private mutating func record(_ id: UInt64, _ record: PhotoRecord) {
        guard sidecar.records[id] != record else { return }
        sidecar.records[id] = record
        changed = true
        unsaved += 1
    }

    private mutating func stop(because reason: String, unasked: Int) {
        report.stopReason = reason
        report.unasked = unasked
    }

    mutating func save() throws(PhotosError) {
        do {
            try sidecar.write(to: path)
        } catch {
            throw .sidecar(error)
        }
        unsaved = 0
    }

    /// Asks about one photo, retrying what is worth retrying with a growing wait.
    func askWithRetries(_ id: UInt64) -> Final {
        var attempt = 1
        while true {
            let backoff = min(options.backoffSeconds * pow(2, Double(attempt - 1)), options.maximumWaitSeconds)
            switch client.ask(id) {
            case .found(let photo): return .found(photo)
            case .gone(let reason): return .gone(reason)
            case .failed(let reason): return .failed(reason)
            case .transient(let reason):
                if attempt >= options.attempts { return .failed(reason) }
                Self.sleep(backoff)
            case .rateLimited(let retryAfter):
                let wait = retryAfter ?? backoff
                if wait > options.maximumWaitSeconds {
                    return .stop(
                        "rate limited: the endpoint asks to wait \(Int(wait.rounded(.up))) s, "
                            + "more than \(Int(options.maximumWaitSeconds)) s (--max-wait)")
                }
                if attempt >= options.attempts {
                    return .stop("still rate limited (HTTP 429) after \(attempt) tries")
                }
                Self.sleep(wait)
            }
            attempt += 1
        }
    }

    static func sleep(_ seconds: Double) {
        if seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
    }
}
