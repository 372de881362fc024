import Catalogue
import Files
import History
import Templating

/// Builds the whole site: catalogue → page models → templates → files, swapped in atomically.
///
/// The steps are the functions below, in order; the rooms beside this file hold what each uses: the inputs
/// (`SiteBuilder+Inputs`), the output (`SiteBuilder+Output`, `Site/Output`), the writing (`ProductWriter`, and
/// the generators in `Site/Generators`) and what a file is keyed by (`BuildKeys`).
public enum SiteBuilder {
    /// Runs a build. On any error nothing in the output folder has changed.
    /// `progress` is called now and then from any thread while pages are rendered. In `serve` (`mode`), unchanged
    /// data and tables are not decoded and planned again. `waiting` is told when another build is writing into
    /// the same output and this one waits for it to finish.
    ///
    /// When the output is a folder an earlier build made, only the files that change are written (see
    /// `IncrementalWriter`), and only the pages whose inputs changed are rendered (see `BuildKeys`); else, and
    /// with `options.clean`, the whole site is written into a new folder that replaces the output.
    public static func build(
        _ options: BuildOptions, mode: BuildMode = .publish, progress: (@Sendable (BuildProgress) -> Void)? = nil,
        waiting: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(SiteError) -> BuildReport {
        var clock = PhaseClock()
        let cache = mode.cache
        let loaded = try load(options, cache: cache, clock: &clock)
        let output = try openOutput(options, defersCleanup: mode.defersCleanup, waiting: waiting)
        do throws(SiteError) {
            if let unchanged = try unchangedReport(output, loaded, clock: &clock) { return unchanged }
            let site = try makeSite(loaded, options: options)
            clock.lap("plan")
            // serve's first pass after a template or asset edit: the open pages alone (`BuildMode.preview`), and
            // the assets they name.
            let only = loaded.cached != nil && output is IncrementalWriter ? mode.openPages : nil
            let build = BuildScope(site: site, keys: loaded.keys, output: output)
            let writer = ProductWriter(output: output, progress: progress)
            var totals = ProductWriter.Totals()
            for wave in generators {
                var products = wave.flatMap { $0.products(in: build) }
                if let only { products = products.filter { only.contains($0.path) || $0.path.hasPrefix("assets/") } }
                totals += try writer.write(products)
            }
            clock.lap("render and write")
            // A partial build records no global key, so the next build cannot take the output as up to date.
            let changes = try output.commit(
                global: only == nil ? loaded.keys.global : .zero, pages: site.plan.pages.count,
                keepingOthers: only != nil)
            clock.lap("publish")
            if let cache, loaded.cached == nil {
                cache.store(
                    BuildCache.Entry(key: loaded.keys.models, plan: site.plan, warnings: loaded.catalogueWarnings))
            }
            var report = BuildReport(
                pages: site.plan.pages.count, files: totals.files, bytes: totals.bytes, warnings: loaded.warnings,
                phases: clock.phases, changes: changes, rendered: totals.made)
            report.isPartial = only != nil
            report.photos = PhotoFiles.count(site.plan.catalogue, sidecar: site.plan.photos)
            return report
        } catch {
            output.discard()
            throw error
        }
    }

    /// Everything the build writes, generator by generator, in waves: a wave is written before the next one lists
    /// its products, which may read what the files before hold (the offline worker names them by their digests).
    /// In a wave, the large data files first, so they start early.
    static let generators: [[any Generator]] = [
        [
            DataScripts(), SearchEngineFiles(), FeedFiles(), AssetFiles(), SitePages(), FacetValuePages(),
            MotorcyclePages(),
        ],
        [OfflineStage(number: 0)],
        [OfflineStage(number: 1)],
    ]

    /// Everything a build reads, and the keys it gives.
    struct Loaded {
        let editions: Editions
        let library: TemplateLibrary
        let photos: PhotoFiles
        let assets: SiteAssets
        let keys: BuildKeys
        let catalogue: Source
        /// The dataset's warnings (kept in `serve`'s cache with the plan), then the history sidecar's (read anew
        /// every build).
        let catalogueWarnings: [Problem]
        let historyWarnings: [Problem]
        /// The history sidecar, when the dataset has one (part of `keys.models`, so `serve`'s cached plan has it).
        let history: CatalogueHistory?

        var warnings: [Problem] { catalogueWarnings + historyWarnings }

        enum Source {
            /// What `serve`'s cache holds for these keys: the dataset was not decoded.
            case cached(BuildCache.Entry)
            case decoded(Catalogue)
        }

        var cached: BuildCache.Entry? {
            if case .cached(let entry) = catalogue { return entry }
            return nil
        }
    }

    /// Step 1: the templates and tables, the dataset, its photo sidecar and the assets, and their keys; the
    /// dataset decoded, unless `serve`'s cache holds what it would give.
    static func load(_ options: BuildOptions, cache: BuildCache?, clock: inout PhaseClock) throws(SiteError)
        -> Loaded
    {
        // A template error is reported before a dataset error.
        let inputs = try loadInputs(options)
        let data: [UInt8]
        do throws(CatalogueError) {
            data = try Catalogue.bytes(contentsOf: options.dataPath)
        } catch {
            throw .catalogue(error)
        }
        let photos = try PhotoFiles.read(besideDataset: options.dataPath)
        let (history, historyWarnings) = try readHistory(besideDataset: options.dataPath, data: data)
        let assets = try SiteAssets(folder: options.resourcesPath + "/assets")
        let keys = BuildKeys(
            options: options, data: data, photos: photos.bytes, history: history?.encoded() ?? [],
            library: inputs.library, assets: assets)
        if let cached = cache?.lookup(keys.models) {
            return Loaded(
                editions: inputs.editions, library: inputs.library, photos: photos, assets: assets, keys: keys,
                catalogue: .cached(cached), catalogueWarnings: cached.warnings, historyWarnings: historyWarnings,
                history: history)
        }
        let loaded: (catalogue: Catalogue, warnings: [Problem])
        do throws(CatalogueError) {
            loaded = try Catalogue.load(data, path: options.dataPath, strict: options.strict)
        } catch {
            throw .catalogue(error)
        }
        clock.lap("decode")
        return Loaded(
            editions: inputs.editions, library: inputs.library, photos: photos, assets: assets, keys: keys,
            catalogue: .decoded(loaded.catalogue), catalogueWarnings: loaded.warnings,
            historyWarnings: historyWarnings, history: history)
    }

    /// The history sidecar beside the dataset (`guzzi-site history`), when there is one: a malformed one stops
    /// the build with its file, line and column, before the output is touched; one whose last release is not
    /// this dataset gives a warning, and the site shows what it has.
    static func readHistory(besideDataset dataPath: String, data: [UInt8]) throws(SiteError) -> (
        CatalogueHistory?, [Problem]
    ) {
        let path = CatalogueHistory.path(forDataset: dataPath)
        let history: CatalogueHistory?
        do throws(HistoryError) {
            history = try CatalogueHistory.read(contentsOf: path)
        } catch {
            throw .history(error)
        }
        guard let stale = history?.staleness(of: dataPath, data: data) else { return (history, []) }
        return (history, [Problem(severity: .warning, path: "", line: nil, column: nil, message: stale)])
    }

    /// Step 2, after the output is open: when nothing changed since the build that wrote it (the global key
    /// and every file as recorded), the report of a build that writes nothing; else nil.
    static func unchangedReport(_ output: any SiteOutput, _ loaded: Loaded, clock: inout PhaseClock)
        throws(SiteError) -> BuildReport?
    {
        guard let incremental = output as? IncrementalWriter, incremental.isUpToDate(global: loaded.keys.global)
        else { return nil }
        incremental.discard()
        clock.lap("check")
        let files = incremental.previous.files
        var report = BuildReport(
            pages: incremental.previous.pages, files: files.count,
            bytes: files.values.reduce(0) { $0 + $1.status.size }, warnings: loaded.warnings, phases: clock.phases,
            changes: OutputChanges(changed: 0, removed: 0, unchanged: files.count), rendered: 0)
        switch loaded.catalogue {
        case .cached(let entry): report.photos = PhotoFiles.count(entry.plan.catalogue, sidecar: entry.plan.photos)
        case .decoded(let catalogue):
            report.photos = PhotoFiles.count(catalogue, sidecar: try loaded.photos.decoded())
        }
        return report
    }

    /// Step 3: the site plan (every page and its route) and the site that renders it.
    static func makeSite(_ loaded: Loaded, options: BuildOptions) throws(SiteError) -> Site {
        let plan: SitePlan
        switch loaded.catalogue {
        case .cached(let entry): plan = entry.plan
        case .decoded(let catalogue):
            plan = SitePlan(
                catalogue: catalogue, editions: loaded.editions, photos: try loaded.photos.decoded(),
                history: loaded.history)
        }
        let site = try Site(
            plan: plan, editions: loaded.editions, library: loaded.library, assets: loaded.assets,
            publishing: Publishing(
                baseURL: options.baseURL, servedFromPath: options.servedFromPath, offline: options.offline))
        // Two pages in one file would make the output depend on which thread wrote last: never let it happen.
        var seen = Set<String>()
        for page in plan.pages where !seen.insert(page.route.filePath).inserted {
            throw .output(path: page.route.filePath, message: "two pages would be written to this file")
        }
        return site
    }
}
