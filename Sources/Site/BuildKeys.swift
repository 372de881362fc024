import Catalogue
import Foundation
import Glibc
import Templating

/// The digests a build keys its output by, so that a rebuild renders only what can have changed.
///
/// A file's key covers everything its bytes are made from: for a page, its page model (the template context),
/// the template and all it includes or extends, the locale; for the JSON indexes, the sitemap and robots.txt,
/// the dataset, the localisation tables and the URL settings; for an asset, its bytes. Every key also covers
/// the generator itself, so a new binary renders everything again. `global` covers all inputs at once: when it
/// is the one the output's manifest recorded, nothing can have changed.
struct BuildKeys: Sendable {
    let generator: Digest
    let global: Digest
    let dataFiles: Digest

    init(options: BuildOptions, data: [UInt8], library: TemplateLibrary, assets: [(name: String, bytes: [UInt8])]) {
        generator = BuildKeys.generatorIdentity
        let dataDigest = Digest(of: data)
        var tables = StableHasher()
        let folder = options.resourcesPath + "/i18n"
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
            tables.combine(name)
            tables.combine(Array(FileManager.default.contents(atPath: folder + "/" + name) ?? Data()))
        }
        var urls = StableHasher()
        urls.combine(options.baseURL ?? "\u{0}")
        urls.combine(options.servedFromPath ?? "\u{0}")
        var data = StableHasher()
        data.combine(generator)
        data.combine(dataDigest)
        data.combine(tables.finalize())
        data.combine(urls.finalize())
        dataFiles = data.finalize()
        var all = StableHasher()
        all.combine(dataFiles)
        all.combine(library.digest)
        for asset in assets {
            all.combine(asset.name)
            all.combine(asset.bytes)
        }
        global = all.finalize()
    }

    /// The key of a page rendered by a template (`templateDigest`, see `TemplateLibrary.digest(of:)`) from a
    /// context with this digest.
    func page(templateDigest: Digest, locale: String, context: Digest) -> Digest {
        var hasher = StableHasher()
        hasher.combine(generator)
        hasher.combine(templateDigest)
        hasher.combine(locale)
        hasher.combine(context)
        return hasher.finalize()
    }

    /// The key of a file made from data alone (the JSON indexes, the sitemap): all of them change together.
    func dataFile(_ path: String) -> Digest {
        var hasher = StableHasher()
        hasher.combine(dataFiles)
        hasher.combine(path)
        return hasher.finalize()
    }

    /// An asset is copied as it is: its key is its bytes.
    func asset(_ bytes: [UInt8]) -> Digest {
        var hasher = StableHasher()
        hasher.combine(generator)
        hasher.combine(bytes)
        return hasher.finalize()
    }

    /// This build of guzzi-site: the executable's size, modification time and inode, so that any other build of
    /// the code (which may render differently) counts as a change. Where `/proc/self/exe` cannot be read, a
    /// value of this process alone, so nothing is ever taken as unchanged.
    static let generatorIdentity: Digest = {
        var hasher = StableHasher()
        hasher.combine("guzzi-site")
        var status = stat()
        if stat("/proc/self/exe", &status) == 0 {
            hasher.combine(UInt64(status.st_size))
            hasher.combine(UInt64(status.st_ino))
            hasher.combine(UInt64(bitPattern: Int64(status.st_mtim.tv_sec)))
            hasher.combine(UInt64(status.st_mtim.tv_nsec))
        } else {
            hasher.combine(UInt64(getpid()))
            hasher.combine(DispatchTime.now().uptimeNanoseconds)
        }
        return hasher.finalize()
    }()
}

extension Site {
    /// The digest of each edition's label table `t`, made once per build: it is the same on every page of an
    /// edition, and hashing it per page would cost more than the rest of a small page.
    func labelDigests() -> [Language: Digest] {
        frame.labelValues.mapValues(\.digest)
    }

    /// The digest of a page's model, with its `t` taken from `labels` (`labelDigests()`).
    func digest(ofContext context: [String: Value], for page: Page, labels: [Language: Digest]) -> Digest {
        let language = page.language ?? .en
        assert(context["t"] == frame.labelValues[language], "a page model replaced its label table")
        return Value.digest(ofContext: context, known: ["t": labels[language]!])
    }

    /// The locale a page is rendered with (numbers), part of its key.
    func locale(of page: Page) -> String {
        editions[page.language ?? .en]!.localization.locale
    }
}
