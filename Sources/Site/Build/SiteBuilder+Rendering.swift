import Dispatch
import Files
import Foundation
import Synchronization
import Templating

extension SiteBuilder {
    /// Renders every page on all cores and writes each as soon as it is ready, so memory stays flat.
    /// Errors are reported for the first failing page in plan order, so the message is the same on every run.
    /// A file whose key (`BuildKeys`) says the output already holds it is not rendered. `cached` holds the page
    /// models and their digests of an earlier build with the same data and tables; with `keepingContexts` the
    /// models made now are returned for the next build. The page models' digests are always returned. With
    /// `only`, the other files are left alone (a partial build).
    static func renderAndWrite(
        site: Site, output: any SiteOutput, keys: BuildKeys, dataFiles: [DataFile],
        cached: BuildCache.Entry? = nil, keepingContexts: Bool = false, only: Set<String>? = nil,
        progress: (@Sendable (BuildProgress) -> Void)?
    ) throws(SiteError) -> (bytes: Int, made: Int, contexts: [[String: Value]]?, digests: [Digest]) {
        let pages = site.plan.pages
        let made = Mutex<[[String: Value]]>(keepingContexts ? Array(repeating: [:], count: pages.count) : [])
        let digests = Mutex<[Digest]>(cached?.digests ?? Array(repeating: .zero, count: pages.count))
        // Not needed in `serve`'s first pass after a template edit, which has every digest and must be quick.
        let standIn = cached?.digests == nil ? MotorcyclePageKey(plan: site.plan, setting: keys.setting) : nil
        let valueStandIn = standIn.map { FacetValuePageKey(plan: site.plan, parts: $0) }
        let failures = Mutex<[Int: SiteError]>([:])
        let written = Atomic<Int>(0)
        let rendered = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount) * 4
        // Jobs: the data files first (the large ones start early), then every page in plan order. Each worker
        // takes the next job not yet taken: a rebuild renders a dozen files among hundreds left alone, and a
        // fixed share per worker left one core with most of them. Jobs are taken in order, so the first failing
        // one is always reached and the message is the same on every run.
        let jobs = dataFiles.count + pages.count
        let nextJob = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let job = nextJob.add(1, ordering: .relaxed).oldValue
                if job >= jobs { return }
                let isData = job < dataFiles.count
                let path = isData ? dataFiles[job].path : pages[job - dataFiles.count].route.filePath
                if let only, !only.contains(path) { continue }
                do {
                    if isData {
                        let file = dataFiles[job]
                        let key: Digest
                        let make: () throws(SiteError) -> [UInt8]
                        switch file.content {
                        case .bytes(let bytes):
                            key = keys.dataFile(path)
                            make = bytes
                        case .rendered(let template, let model):
                            (key, make) = drawnFile(template, context: model(), site: site, keys: keys)
                        }
                        if let size = output.current(path, key: key) {
                            written.add(size, ordering: .relaxed)
                            #if DEBUG
                                try check(output, path, make())
                            #endif
                            continue
                        }
                        let bytes = try make()
                        try output.store(path, key: key, bytes: bytes)
                        written.add(bytes.count, ordering: .relaxed)
                        rendered.add(1, ordering: .relaxed)
                        continue
                    }
                    let index = job - dataFiles.count
                    let page = pages[index]
                    var context = cached?.contexts?[index]
                    if context == nil && keepingContexts { context = site.context(for: page) }
                    let contextDigest: Digest
                    if let known = cached?.digests?[index] {
                        contextDigest = known
                    } else if let stand = standIn?.digest(for: page) ?? valueStandIn?.digest(for: page) {
                        contextDigest = stand
                        digests.withLock { $0[index] = stand }
                    } else {
                        let model = context ?? site.context(for: page)
                        contextDigest = site.digest(ofContext: model, for: page)
                        digests.withLock { $0[index] = contextDigest }
                        context = model
                    }
                    if keepingContexts, let context { made.withLock { $0[index] = context } }
                    let key = keys.page(
                        templateDigest: site.library.digest(of: page.template) ?? .zero, locale: site.locale(of: page),
                        context: contextDigest, shared: site.shared[page.language ?? site.editions.defaultLanguage]!)
                    if let size = output.current(path, key: key) {
                        written.add(size, ordering: .relaxed)
                        #if DEBUG
                            try check(output, path, try site.render(page, context: context ?? site.context(for: page)))
                        #endif
                    } else {
                        let bytes = try site.render(page, context: context ?? site.context(for: page))
                        try output.store(path, key: key, bytes: bytes)
                        written.add(bytes.count, ordering: .relaxed)
                        rendered.add(1, ordering: .relaxed)
                    }
                    if let progress {
                        let count = done.add(1, ordering: .relaxed).newValue
                        if count % 250 == 0 {
                            progress(BuildProgress(phase: "rendering", done: count, total: pages.count))
                        }
                    }
                } catch let error as SiteError {
                    failures.withLock { $0[job] = error }
                    return
                } catch {
                    failures.withLock { $0[job] = .output(path: path, message: "\(error)") }
                    return
                }
            }
        }
        if let first = failures.withLock({ $0.min { $0.key < $1.key } }) { throw first.value }
        return (
            written.load(ordering: .relaxed), rendered.load(ordering: .relaxed),
            keepingContexts ? made.withLock { $0 } : nil, digests.withLock { $0 }
        )
    }

    /// The manifests, then the offline workers and their lists (`OfflineFiles`), each rendered only when its key
    /// changed, like a page.
    static func writeOfflineFiles(site: Site, output: any SiteOutput, keys: BuildKeys) throws(SiteError) -> (
        files: Int, made: Int, bytes: Int
    ) {
        let offline = OfflineFiles(site: site)
        var counts = (files: 0, made: 0, bytes: 0)
        for stage in 0..<2 {
            let files = offline.stage(stage) { output.stored($0) } ?? []
            for file in files {
                let known = file.context["t"] == nil ? [:] : ["t": site.labelDigests[file.language]!]
                let drawn = drawnFile(file.template, context: file.context, known: known, site: site, keys: keys)
                counts.files += 1
                if let size = output.current(file.path, key: drawn.key) {
                    counts.bytes += size
                    #if DEBUG
                        try check(output, file.path, try drawn.make())
                    #endif
                    continue
                }
                let bytes = try drawn.make()
                try output.store(file.path, key: drawn.key, bytes: bytes)
                counts.made += 1
                counts.bytes += bytes.count
            }
        }
        return counts
    }

    /// A file a template draws from a model that holds everything it shows (sitemap, robots.txt, the offline
    /// files): its key (`BuildKeys.file`) and how to render it. `known`: digests of parts of the model made once.
    private static func drawnFile(
        _ template: String, context: [String: Value], known: [String: Digest] = [:], site: Site, keys: BuildKeys
    ) -> (key: Digest, make: () throws(SiteError) -> [UInt8]) {
        let key = keys.file(
            templateDigest: site.library.digest(of: template) ?? .zero,
            context: Value.digest(ofContext: context, known: known))
        return (key, { () throws(SiteError) in try site.render(template: template, context: context) })
    }

    /// Debug builds only: a file left alone because its key was unchanged must hold what it would be rendered
    /// to, or a key misses an input (see `BuildKeys`, `MotorcyclePageKey`). Every rebuild in the test suite checks it.
    private static func check(_ output: any SiteOutput, _ path: String, _ bytes: [UInt8]) throws(SiteError) {
        if !output.holds(path, bytes) {
            throw .output(
                path: path, message: "internal error: the file changed but its key did not (BuildKeys misses an input)")
        }
    }
}
