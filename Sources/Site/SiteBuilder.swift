import Catalogue
import Dispatch
import Foundation
import Synchronization
import Templating

/// Builds the whole site: catalogue → page models → templates → files, swapped in atomically.
public enum SiteBuilder {
    /// Runs a build. On any error nothing in the output folder has changed.
    /// `progress` is called now and then from any thread while pages are rendered. With a `cache` (kept by
    /// `serve` between builds), unchanged data and tables are not decoded and modelled again.
    public static func build(
        _ options: BuildOptions, progress: (@Sendable (BuildProgress) -> Void)? = nil, cache: BuildCache? = nil
    ) throws(SiteError) -> BuildReport {
        var clock = PhaseClock()
        let inputs = try loadInputs(options)
        let editions = inputs.editions
        let data: [UInt8]
        do {
            data = try Catalogue.bytes(contentsOf: options.dataPath)
        } catch {
            throw .catalogue(error)
        }
        let photos = try PhotoFiles.read(besideDataset: options.dataPath)
        let key = cache == nil ? [] : cacheKey(options, data: data + [0] + photos.bytes)
        let cached = cache?.lookup(key)
        let plan: SitePlan
        let warnings: [Problem]
        if let cached {
            (plan, warnings) = (cached.plan, cached.warnings)
        } else {
            let loaded: (catalogue: Catalogue, warnings: [Problem])
            do {
                loaded = try Catalogue.load(data, path: options.dataPath, strict: options.strict)
            } catch {
                throw .catalogue(error)
            }
            warnings = loaded.warnings
            clock.lap("decode")
            plan = SitePlan(catalogue: loaded.catalogue, editions: editions, photos: try photos.decoded())
        }
        clock.lap("plan")

        let site = Site(
            plan: plan, editions: editions, library: inputs.library, baseURL: options.baseURL,
            servedFromPath: options.servedFromPath)
        // Two pages in one file would make the output depend on which thread wrote last: never let it happen.
        var seen = Set<String>()
        for page in site.plan.pages where !seen.insert(page.route.filePath).inserted {
            throw .output(path: page.route.filePath, message: "two pages would be written to this file")
        }
        let writer = try OutputWriter(output: options.outputPath, reusingStaging: options.reusesStagingFolder)
        do {
            let assets = try assetFiles(options.resourcesPath + "/assets")
            let pages = site.plan.pages
            let dataFiles = site.dataFiles()
            let others = assets.map { ("assets/" + $0.name, $0.bytes) }
            var bytes = 0
            for (path, content) in others {
                try writer.write(path, content)
                bytes += content.count
            }
            let keepsContexts = cache != nil && cached?.contexts == nil && pages.count <= BuildCache.maximumPages
            let rendered = try renderAndWrite(
                site: site, writer: writer, dataFiles: dataFiles, contexts: cached?.contexts,
                keepingContexts: keepsContexts, progress: progress)
            bytes += rendered.bytes
            clock.lap("render and write")
            writer.prune(keeping: Set(pages.map(\.route.filePath) + others.map(\.0) + dataFiles.map(\.path)))
            try writer.publish()
            clock.lap("publish")
            if let cache, cached == nil {
                cache.store(
                    BuildCache.Entry(key: key, plan: plan, warnings: warnings, contexts: rendered.contexts))
            }
            return BuildReport(
                pages: pages.count, files: pages.count + others.count + dataFiles.count + 1, bytes: bytes,
                warnings: warnings,
                phases: clock.phases)
        } catch {
            writer.discard()
            throw error
        }
    }

    /// Deletes the staging folder a process kept with `reusesStagingFolder`.
    public static func removeStaging(for options: BuildOptions) {
        TreeRemover.remove(OutputWriter.stagingPath(for: options.outputPath).staging)
    }

    /// Everything the plan and the page models depend on, as bytes: the dataset, the localisation tables and
    /// the URL settings. Templates and assets are not part of it: they are read again on every build.
    static func cacheKey(_ options: BuildOptions, data: [UInt8]) -> [UInt8] {
        var key = data
        let folder = options.resourcesPath + "/i18n"
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
            key += Array(name.utf8) + [0] + Array(FileManager.default.contents(atPath: folder + "/" + name) ?? Data())
        }
        key += Array("\u{0}\(options.baseURL ?? "")\u{0}\(options.servedFromPath ?? "")\u{0}\(options.strict)".utf8)
        return key
    }

    struct Inputs {
        let editions: [Language: Edition]
        let library: TemplateLibrary
    }

    static func loadInputs(_ options: BuildOptions) throws(SiteError) -> Inputs {
        for (role, path) in [("templates", options.templatesPath), ("resources", options.resourcesPath)] {
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) || !isDirectory.boolValue {
                throw .missingFolder(role: role, path: path)
            }
        }
        var editions: [Language: Edition] = [:]
        for language in Language.allCases {
            editions[language] = Edition(
                localization: try Localization.load(directory: options.resourcesPath + "/i18n", language: language))
        }
        do {
            return Inputs(editions: editions, library: try TemplateLibrary(directory: options.templatesPath))
        } catch {
            throw .template(error)
        }
    }

    /// Renders every page on all cores and writes each as soon as it is ready, so memory stays flat.
    /// Errors are reported for the first failing page in plan order, so the message is the same on every run.
    /// `contexts`, when given, are the page models of an earlier build with the same inputs; with
    /// `keepingContexts` the models made now are returned for the next build.
    static func renderAndWrite(
        site: Site, writer: OutputWriter, dataFiles: [(path: String, make: @Sendable () throws(SiteError) -> [UInt8])],
        contexts: [[String: Value]]? = nil, keepingContexts: Bool = false,
        progress: (@Sendable (BuildProgress) -> Void)?
    ) throws(SiteError) -> (bytes: Int, contexts: [[String: Value]]?) {
        let pages = site.plan.pages
        let made = Mutex<[[String: Value]]>(keepingContexts ? Array(repeating: [:], count: pages.count) : [])
        let failures = Mutex<[Int: SiteError]>([:])
        let written = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount) * 4
        // Jobs: the data files first (the large ones start early), then every page in plan order.
        let jobs = dataFiles.count + pages.count
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for job in stride(from: worker, to: jobs, by: workers) {
                let isData = job < dataFiles.count
                let path = isData ? dataFiles[job].path : pages[job - dataFiles.count].route.filePath
                do {
                    let bytes: [UInt8]
                    if isData {
                        bytes = try dataFiles[job].make()
                    } else {
                        let index = job - dataFiles.count
                        let context = contexts?[index] ?? site.context(for: pages[index])
                        if keepingContexts { made.withLock { $0[index] = context } }
                        bytes = try site.render(pages[index], context: context)
                    }
                    try writer.write(path, bytes)
                    written.add(bytes.count, ordering: .relaxed)
                    if let progress, !isData {
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
        return (written.load(ordering: .relaxed), keepingContexts ? made.withLock { $0 } : nil)
    }

    static func assetFiles(_ folder: String) throws(SiteError) -> [(name: String, bytes: [UInt8])] {
        let resolved = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard let names = FileManager.default.subpaths(atPath: resolved) else { return [] }
        var files: [(name: String, bytes: [UInt8])] = []
        for name in names.sorted() {
            var isDirectory: ObjCBool = false
            let path = folder + "/" + name
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                !name.split(separator: "/").contains(where: { $0.hasPrefix(".") })
            else { continue }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw .output(path: path, message: "cannot read the asset")
            }
            files.append((name, Array(data)))
        }
        return files
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
