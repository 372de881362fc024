import Catalogue
import Dispatch
import Files
import Foundation
import Synchronization
import Templating

/// Builds the whole site: catalogue → page models → templates → files, swapped in atomically.
public enum SiteBuilder {
    /// Runs a build. On any error nothing in the output folder has changed.
    /// `progress` is called now and then from any thread while pages are rendered. With a `cache` (kept by
    /// `serve` between builds), unchanged data and tables are not decoded and modelled again. `waiting` is told
    /// when another build is writing into the same output and this one waits for it to finish.
    ///
    /// When the output is a folder an earlier build made, only the files that change are written (see
    /// `IncrementalWriter`), and only the pages whose inputs changed are rendered (see `BuildKeys`); else, and
    /// with `options.clean`, the whole site is written into a new folder that replaces the output.
    public static func build(
        _ options: BuildOptions, progress: (@Sendable (BuildProgress) -> Void)? = nil, cache: BuildCache? = nil,
        waiting: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(SiteError) -> BuildReport {
        var clock = PhaseClock()
        let inputs: Inputs
        let data: [UInt8]
        var decoded: Result<(catalogue: Catalogue, warnings: [Problem]), CatalogueError>?
        // Without a cache (a build from the command line), the dataset is decoded here while the templates compile
        // on the other core; `serve` keeps its templates and decodes only when its cache misses (below).
        let compiling = cache == nil ? EarlyCompile(options: options) : nil
        let bytes = Result { () throws(CatalogueError) -> [UInt8] in try Catalogue.bytes(contentsOf: options.dataPath) }
        let decode = { (bytes: [UInt8]) throws(CatalogueError) -> (catalogue: Catalogue, warnings: [Problem]) in
            try Catalogue.load(bytes, path: options.dataPath, strict: options.strict)
        }
        if compiling != nil, case .success(let bytes) = bytes {
            decoded = Result { () throws(CatalogueError) in try decode(bytes) }
        }
        // A template error is reported before a dataset error, as when the two were done one after the other.
        if let compiling {
            inputs = try compiling.wait().get()
        } else {
            inputs = try loadInputs(options)
        }
        do throws(CatalogueError) { data = try bytes.get() } catch { throw .catalogue(error) }
        let editions = inputs.editions
        let photos = try PhotoFiles.read(besideDataset: options.dataPath)
        let assets = try SiteAssets(folder: options.resourcesPath + "/assets")
        let keys = BuildKeys(
            options: options, data: data, photos: photos.bytes, library: inputs.library, assets: assets)
        let cached = cache?.lookup(keys.models)
        let warnings: [Problem]
        var catalogue: Catalogue?
        if let cached {
            warnings = cached.warnings
        } else {
            let loaded: (catalogue: Catalogue, warnings: [Problem])
            do {
                if let decoded { loaded = try decoded.get() } else { loaded = try decode(data) }
            } catch {
                throw .catalogue(error)
            }
            (catalogue, warnings) = loaded
            clock.lap("decode")
        }
        let output = try openOutput(options, waiting: waiting)
        do throws(SiteError) {
            if let incremental = output as? IncrementalWriter, incremental.isUpToDate(global: keys.global) {
                incremental.discard()
                clock.lap("check")
                let files = incremental.previous.files
                var report = BuildReport(
                    pages: incremental.previous.pages, files: files.count,
                    bytes: files.values.reduce(0) { $0 + $1.status.size }, warnings: warnings, phases: clock.phases,
                    changes: OutputChanges(changed: 0, removed: 0, unchanged: files.count), rendered: 0)
                if let cached {
                    report.photos = PhotoFiles.count(cached.plan.catalogue, sidecar: cached.plan.photos)
                } else if let catalogue {
                    report.photos = PhotoFiles.count(catalogue, sidecar: try photos.decoded())
                }
                return report
            }
            let plan: SitePlan
            if let cached {
                plan = cached.plan
            } else {
                plan = SitePlan(catalogue: catalogue!, editions: editions, photos: try photos.decoded())
            }
            clock.lap("plan")
            let site = try Site(
                plan: plan, editions: editions, library: inputs.library, assets: assets, baseURL: options.baseURL,
                servedFromPath: options.servedFromPath)
            // Two pages in one file would make the output depend on which thread wrote last: never let it happen.
            var seen = Set<String>()
            for page in site.plan.pages where !seen.insert(page.route.filePath).inserted {
                throw .output(path: page.route.filePath, message: "two pages would be written to this file")
            }
            // serve's first pass after a template or asset edit: the open pages alone (see `onlyPages`).
            let only = cached != nil && output is IncrementalWriter ? options.onlyPages : nil
            let pages = site.plan.pages
            let dataFiles = only == nil ? site.dataFiles() : []
            var bytes = 0
            var stored = 0
            for asset in assets.files {
                let path = "assets/" + asset.published
                let assetKey = keys.asset(asset.bytes)
                if let size = output.current(path, key: assetKey) {
                    bytes += size
                } else {
                    try output.store(path, key: assetKey, bytes: asset.bytes)
                    bytes += asset.bytes.count
                    stored += 1
                }
            }
            let keepsContexts = cache != nil && cached == nil && pages.count <= BuildCache.maximumPages
            let rendered = try renderAndWrite(
                site: site, output: output, keys: keys, dataFiles: dataFiles, cached: cached,
                keepingContexts: keepsContexts, only: only, progress: progress)
            bytes += rendered.bytes
            // Made from what the files above hold (the worker names them by their digests): after them, in order.
            let offline =
                only == nil
                ? try writeOfflineFiles(site: site, output: output, keys: keys) : (files: 0, made: 0, bytes: 0)
            bytes += offline.bytes
            try checkMissingLabels(editions, folder: options.resourcesPath + "/i18n")
            clock.lap("render and write")
            // A partial build records no global key, so the next build cannot take the output as up to date.
            let changes = try output.commit(
                global: only == nil ? keys.global : .zero, pages: pages.count, keepingOthers: only != nil)
            clock.lap("publish")
            if let cache, cached == nil {
                cache.store(
                    BuildCache.Entry(
                        key: keys.models, plan: plan, warnings: warnings, contexts: rendered.contexts,
                        digests: rendered.digests))
            }
            var report = BuildReport(
                pages: pages.count, files: pages.count + assets.files.count + dataFiles.count + offline.files,
                bytes: bytes, warnings: warnings, phases: clock.phases, changes: changes,
                rendered: stored + rendered.made + offline.made)
            report.isPartial = only != nil
            report.photos = PhotoFiles.count(plan.catalogue, sidecar: plan.photos)
            return report
        } catch {
            output.discard()
            throw error
        }
    }

    /// Deletes what a build with `BuildOptions.defersCleanup` left: the previous versions of the files it
    /// replaced, in this process's staging folder beside the output.
    public static func removeStaging(for options: BuildOptions) {
        TreeRemover.remove(OutputWriter.stagingPath(for: options.outputPath).staging)
    }

    /// The output's writer: an incremental one for a folder with a manifest of ours (locked from here to the
    /// end of the build), else a clean one.
    static func openOutput(
        _ options: BuildOptions, waiting: @escaping @Sendable (String) -> Void
    ) throws(SiteError) -> any SiteOutput {
        let (target, staging) = OutputWriter.stagingPath(for: options.outputPath)
        try OutputWriter.prepareParent(of: target)
        let name = options.outputPath
        guard let lock = try OutputLock.acquire(target, name: name, waiting: waiting) else {
            return try OutputWriter(
                target: target, staging: staging, name: name, lock: nil, waiting: waiting,
                defersCleanup: options.defersCleanup)
        }
        do throws(SiteError) {
            // Checked again under the lock: the folder may have been replaced while this build waited.
            try OutputWriter.checkReplaceable(target)
            if !options.clean, let manifest = IncrementalWriter.manifest(in: target) {
                return IncrementalWriter(
                    target: target, staging: staging, previous: manifest, lock: lock,
                    defersCleanup: options.defersCleanup)
            }
            return try OutputWriter(
                target: target, staging: staging, name: name, lock: lock, waiting: waiting,
                defersCleanup: options.defersCleanup)
        } catch {
            lock.release()
            throw error
        }
    }

    struct Inputs {
        let editions: Editions
        let library: TemplateLibrary
    }

    static func loadInputs(_ options: BuildOptions) throws(SiteError)
        -> Inputs
    {
        for (role, path) in [("templates", options.templatesPath), ("resources", options.resourcesPath)] {
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) || !isDirectory.boolValue {
                throw .missingFolder(role: role, path: path)
            }
        }
        let editions = try Editions.load(directory: options.resourcesPath + "/i18n")
        let templates: TemplateLibrary
        do {
            templates = try TemplateLibrary(directory: options.templatesPath)
        } catch {
            throw .template(error)
        }
        try checkLabels(editions, templates: templates, folder: options.resourcesPath + "/i18n")
        return Inputs(editions: editions, library: templates)
    }

    /// Every label a template prints (`t.<label>`) is in every edition's tables: a missing one fails the build
    /// naming the edition's table, the label and where it is printed, before anything is rendered.
    static func checkLabels(_ editions: Editions, templates: TemplateLibrary, folder: String) throws(SiteError) {
        for name in templates.templateNames {
            for use in templates.variables(of: name) ?? [] where use.path.count >= 2 && use.path[0] == "t" {
                for edition in editions.all where edition.localization.labels[use.path[1]] == nil {
                    throw .localization(
                        path: folder + "/" + edition.language.rawValue + ".json",
                        message:
                            "missing label \"\(use.path[1])\" (in this file or a \(edition.language.rawValue).<part>.json "
                            + "beside it), which \(use.location) prints")
                }
            }
        }
    }

    /// Labels the page models asked for and no table has (`Localization.missing`): the build stops before it
    /// writes, naming the table and the labels.
    static func checkMissingLabels(_ editions: Editions, folder: String) throws(SiteError) {
        for edition in editions.all {
            let missing = edition.localization.missing.sorted
            guard !missing.isEmpty else { continue }
            throw .localization(
                path: folder + "/" + edition.language.rawValue + ".json",
                message: "missing label" + (missing.count == 1 ? " " : "s ")
                    + missing.map { "\"\($0)\"" }.joined(separator: ", ")
                    + " (in this file or a \(edition.language.rawValue).<part>.json beside it), which the site needs")
        }
    }

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
        let labels = site.labelDigests()
        // Not needed in `serve`'s first pass after a template edit, which has every digest and must be quick.
        let standIn = cached?.digests == nil ? MotorcyclePageKey(plan: site.plan, setting: keys.setting) : nil
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
                        let key = keys.dataFile(
                            path, templateDigest: file.template.flatMap { site.library.digest(of: $0) })
                        if let size = output.current(path, key: key) {
                            written.add(size, ordering: .relaxed)
                            #if DEBUG
                                try check(output, path, file.make())
                            #endif
                            continue
                        }
                        let bytes = try file.make()
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
                    } else if let stand = standIn!.digest(for: page) {
                        contextDigest = stand
                        digests.withLock { $0[index] = stand }
                    } else {
                        let model = context ?? site.context(for: page)
                        contextDigest = site.digest(ofContext: model, for: page, labels: labels)
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
        let labels = site.labelDigests()
        for stage in 0..<2 {
            let files = offline.stage(stage) { output.stored($0) } ?? []
            for file in files {
                let known = file.context["t"] == nil ? [:] : ["t": labels[file.language]!]
                let key = keys.file(
                    templateDigest: site.library.digest(of: file.template) ?? .zero,
                    context: Value.digest(ofContext: file.context, known: known))
                counts.files += 1
                if let size = output.current(file.path, key: key) {
                    counts.bytes += size
                    #if DEBUG
                        try check(output, file.path, try site.render(template: file.template, context: file.context))
                    #endif
                    continue
                }
                let bytes = try site.render(template: file.template, context: file.context)
                try output.store(file.path, key: key, bytes: bytes)
                counts.made += 1
                counts.bytes += bytes.count
            }
        }
        return counts
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

/// Wall-clock time per phase of a build.
struct PhaseClock {
    private(set) var phases: [(name: String, seconds: Double)] = []
    private var last = DispatchTime.now().uptimeNanoseconds

    mutating func lap(_ name: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        phases.append((name, Double(now - last) / 1e9))
        last = now
    }
}
