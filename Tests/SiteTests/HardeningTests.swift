import Catalogue
import Dispatch
import Foundation
import OperatingSystem
import TestSupport
import Testing

@testable import Site

#if canImport(FoundationXML)
    import FoundationXML
#endif

typealias HardeningRandom = SeededRandom

@Suite struct HardeningTests {
    // MARK: Mutated datasets, whole builds

    static let extremeNumbers: [Double] = [
        1e300, 1.7976931348623157e308, 1e-300, Double.leastNonzeroMagnitude, 1e20, 0.0001, 123_456_789.987, 2, -1, 0,
        1e15 + 0.5,
    ]
    static let hostileTexts = [
        "", " ", "\u{2028}\u{2029}", "</script><script>alert(1)</script>", "javascript:alert(1)", "\"'<>&",
        String(repeating: "é", count: 3000), "\u{0}\u{1}\u{7F}\u{FEFF}", "<!-- ]]> -->", "🏍️👨‍👩‍👧e\u{301}",
    ]

    /// One random change to `dataset`: extreme but valid numbers, hostile texts, deletions, retyping, copies.
    static func mutate(_ dataset: [String: Any], random: inout HardeningRandom) -> [String: Any] {
        var elements = HardeningData.elements(dataset)
        var texts = HardeningData.texts(dataset)
        var dataset = dataset
        let index = random.int(elements.count)
        switch random.int(6) {
        case 0, 1:  // a figure set to an extreme number (most are still valid)
            let numeric = HardeningData.leafPaths(elements[index]).filter {
                HardeningData.value(at: $0, in: elements[index]) is NSNumber && ($0.last as? String) != "id"
            }
            if let path = numeric.isEmpty ? nil : random.pick(numeric) {
                let year = (path.last as? String)?.hasSuffix("_year") == true
                let value: Any = year ? random.pick([1900, 2100, 1899, 2101, 1e300]) : random.pick(extremeNumbers)
                elements[index] =
                    HardeningData.replacing(path[...], in: elements[index], with: value) as! [String: Any]
            }
        case 2:  // a hostile name, family, wheels, tyres or text
            let text = random.pick(hostileTexts)
            switch random.int(3) {
            case 0:
                let key = random.pick(["name", "family"])
                elements[index] =
                    HardeningData.replacing(["general_info", key], in: elements[index], with: text) as! [String: Any]
            case 1:
                let key = random.pick(["wheels", "tyres"])
                elements[index] =
                    HardeningData.replacing(["frame", key], in: elements[index], with: text) as! [String: Any]
            default:
                let paths = HardeningData.leafPaths(texts).filter {
                    $0.last as? String == "it" || $0.last as? String == "en"
                }
                if !paths.isEmpty {
                    texts = HardeningData.replacing(random.pick(paths)[...], in: texts, with: text) as! [String: Any]
                }
            }
        case 3:  // delete or retype any field (mostly errors)
            let paths = HardeningData.leafPaths(elements[index])
            let path = random.pick(paths)
            let replacement: Any? = random.pick([nil, NSNull(), "88", [1], ["a": 1], true, 1.5] as [Any?])
            elements[index] =
                HardeningData.replacing(path[...], in: elements[index], with: replacement) as? [String: Any] ?? [:]
        case 4:  // copy an element, with a new id (valid) or the same one (an error)
            var copy = elements[index]
            let oldID = copy["id"] as? Int ?? 0
            let newID = random.int(2) == 0 ? oldID : 10_000 + random.int(1000)
            copy["id"] = newID
            texts[String(newID)] = texts[String(oldID)]
            elements.insert(copy, at: random.int(elements.count + 1))
        default:  // images: none, many, or a refused URL
            let choices: [Any] = [
                NSNull(), [String](), (0..<50).map { "https://example.org/p\($0).jpg" },
                ["https://example.org/a\"b'c<d>.jpg"], ["javascript:alert(1)"], ["data:image/png;base64,AA"],
                ["https://example.org/ok.jpg", " https://example.org/space.jpg"],
            ]
            elements[index]["images"] = random.pick(choices)
        }
        dataset["elements"] = elements
        dataset["texts"] = texts
        return dataset
    }

    @Test func mutatedDatasetsGiveACompleteSiteOrAnErrorThatTouchesNothing() throws {
        let base = try HardeningData.sample()
        let folder = SiteFixtures.temporaryFolder()
        let out = folder + "/site"
        let data = folder + "/data.json"
        try HardeningData.write(base, to: data)
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(data: data, output: out))
        var previous = HardeningData.snapshot(out)
        var built = 0
        var failed = 0
        for seed in UInt64(1)...36 {
            var random = HardeningRandom(seed: seed)
            var dataset = base
            for _ in 0...random.int(2) { dataset = Self.mutate(dataset, random: &random) }
            try HardeningData.write(dataset, to: data)
            let start = DispatchTime.now().uptimeNanoseconds
            do {
                let report = try SiteBuilder.build(SiteFixtures.buildOptions(data: data, output: out))
                built += 1
                let now = HardeningData.snapshot(out)
                let pages = now.keys.filter { $0.hasSuffix(".html") && !$0.hasPrefix("assets/") }
                #expect(report.pages == pages.count, "seed \(seed)")
                for file in [
                    "index.html", "en/index.html", "it/index.html", "en/index.json", "en/data/catalogue-0.js",
                    ".guzzi-site",
                ] {
                    #expect(now[file] != nil, "seed \(seed): \(file) missing")
                }
                #expect(now.keys.contains { $0.hasPrefix("it/data/specs-id-") }, "seed \(seed): no spec chunk")
                for (path, bytes) in now where path.hasSuffix(".html") {
                    let html = String(decoding: bytes, as: UTF8.self)
                    #expect(html.hasSuffix("</html>\n"), "seed \(seed): \(path) is cut short")
                    #expect(!html.contains("<script>alert"), "seed \(seed): \(path)")
                }
                // Built over the previous site: the same as a clean build of this data.
                var clean = SiteFixtures.buildOptions(data: data, output: folder + "/clean-\(seed)")
                clean.clean = true
                _ = try SiteBuilder.build(clean)
                #expect(OutputState.site(out) == OutputState.site(folder + "/clean-\(seed)"), "seed \(seed)")
                previous = now
            } catch {
                failed += 1
                let message = error.description
                #expect(!message.isEmpty)
                #expect(message.contains("error"), "seed \(seed): \(message)")
                #expect(HardeningData.snapshot(out) == previous, "seed \(seed): the previous site changed")
            }
            #expect(HardeningData.stagingFolders(beside: out).isEmpty, "seed \(seed)")
            #expect(HardeningData.seconds(since: start) < HardeningData.hangSeconds, "seed \(seed)")
        }
        #expect(built >= 5 && failed >= 5, "built \(built), failed \(failed): the mix should have both")
    }

    /// The largest and smallest doubles in every figure: no integer-conversion trap in facets, charts or
    /// number formatting, and nothing like "inf" or "nan" on a page.
    @Test func extremeFiguresBuildWithoutTrapsOrNonNumbers() throws {
        var dataset = try HardeningData.sample()
        var elements = HardeningData.elements(dataset)
        let extremes = [1.7976931348623157e308, Double.leastNonzeroMagnitude, 1e15 + 0.5, 1e-7]
        for (index, value) in extremes.enumerated() {
            for path in HardeningData.leafPaths(elements[index]) {
                guard let key = path.last as? String, HardeningData.value(at: path, in: elements[index]) is NSNumber,
                    !["id", "first_year", "last_year", "stroke_cycle"].contains(key)
                else { continue }
                elements[index] =
                    HardeningData.replacing(path[...], in: elements[index], with: value) as! [String: Any]
            }
        }
        dataset["elements"] = elements
        let folder = SiteFixtures.temporaryFolder()
        try HardeningData.write(dataset, to: folder + "/data.json")
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(data: folder + "/data.json", output: folder + "/site"))
        for (path, bytes) in HardeningData.snapshot(folder + "/site") where path.hasSuffix(".html") {
            let html = String(decoding: bytes, as: UTF8.self)
            for word in [">inf", ">nan", "\"inf", "\"nan", "Infinity", "NaN"] {
                #expect(!html.contains(word), "\(path) shows \(word)")
            }
            for svg in html.components(separatedBy: "<svg").dropFirst() {
                guard let end = svg.range(of: "</svg>") else { continue }
                let parser = XMLParser(data: Data(("<svg" + svg[..<end.upperBound]).utf8))
                #expect(parser.parse(), "\(path): SVG is not XML")
            }
        }
    }

    // MARK: Escaping in every context

    static let evil =
        "</script><script>alert(1)</script> \" ' javascript:alert(1) \u{2028}\u{2029} <!-- ]]> &amp; <b>x</b>"

    /// Two bikes whose every text field is hostile; the first has an image URL full of quotes.
    static func hostileDataset() throws -> [String: Any] {
        var dataset = try HardeningData.sample()
        var elements = Array(HardeningData.elements(dataset).prefix(2))
        var texts: [String: Any] = [:]
        for index in elements.indices {
            let id = elements[index]["id"] as! Int
            var general = elements[index]["general_info"] as! [String: Any]
            general["name"] = index == 0 ? evil : "javascript:alert(1)"
            general["family"] = index == 0 ? "javascript:alert(2)" : evil
            elements[index]["general_info"] = general
            var frame = elements[index]["frame"] as! [String: Any]
            frame["wheels"] = evil
            frame["tyres"] = evil
            elements[index]["frame"] = frame
            let entry = HardeningData.texts(dataset)[String(id)] as! [String: Any]
            texts[String(id)] = entry.mapValues { _ in ["it": evil, "en": evil] }
            elements[index]["images"] =
                index == 0
                ? ["https://live.staticflickr.com/65535/51234098765_9b8a7c6d5e_b.jpg?a=\"'<x>&b=javascript:alert(1)"]
                : ["https://example.org/x.jpg#\"onerror=\"alert(1)"]
        }
        dataset["elements"] = elements
        dataset["texts"] = texts
        return dataset
    }

    /// `href`/`src` attribute values of `html`, with character references decoded as a browser would.
    static func urlAttributes(_ html: String) -> [String] {
        let pattern = #"(?i)\s(?:href|src|action|formaction|xlink:href|poster)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)"#
        let regex = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(html.startIndex..., in: html)
        return regex.matches(in: html, range: range).map { match in
            var value = String(html[Range(match.range(at: 1), in: html)!])
            if value.hasPrefix("\"") || value.hasPrefix("'") { value = String(value.dropFirst().dropLast()) }
            return decodeReferences(value)
        }
    }

    static func decodeReferences(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            rest = rest[amp...]
            guard let semi = rest.firstIndex(of: ";"), rest.distance(from: amp, to: semi) < 12 else {
                out += "&"
                rest = rest.dropFirst()
                continue
            }
            let name = rest[rest.index(after: amp)..<semi]
            let named = ["amp": "&", "quot": "\"", "apos": "'", "lt": "<", "gt": ">", "colon": ":", "Tab": "\t"]
            var scalar: String?
            if let value = named[String(name)] {
                scalar = value
            } else if name.hasPrefix("#x") || name.hasPrefix("#X"), let code = UInt32(name.dropFirst(2), radix: 16) {
                scalar = Unicode.Scalar(code).map { String($0) }
            } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()) {
                scalar = Unicode.Scalar(code).map { String($0) }
            }
            if let scalar {
                out += scalar
                rest = rest[rest.index(after: semi)...]
            } else {
                out += "&"
                rest = rest.dropFirst()
            }
        }
        return out + rest
    }

    /// The contents of every `<script type="…">` element of `html` with that type.
    static func scripts(_ html: String, type: String) -> [String] {
        html.components(separatedBy: "<script type=\"\(type)\"").dropFirst().compactMap { part in
            guard let open = part.firstIndex(of: ">"), let close = part.range(of: "</script>") else { return nil }
            return String(part[part.index(after: open)..<close.lowerBound])
        }
    }

    /// All string values in a JSON value, recursively.
    static func strings(in value: Any) -> [String] {
        if let string = value as? String { return [string] }
        if let array = value as? [Any] { return array.flatMap { strings(in: $0) } }
        if let object = value as? [String: Any] { return object.values.flatMap { strings(in: $0) } }
        return []
    }

    final class XMLErrors: NSObject, XMLParserDelegate, @unchecked Sendable {
        var error: Error?
        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) { error = parseError }
    }

    @Test func hostileStringsStayInertInEveryContextOfEveryFile() throws {
        let folder = SiteFixtures.temporaryFolder()
        try HardeningData.write(try Self.hostileDataset(), to: folder + "/data.json")
        let out = folder + "/site"
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(data: folder + "/data.json", output: out))
        let files = HardeningData.snapshot(out)
        #expect(files.count > 20)
        var jsonLD = 0
        var dataScripts = 0
        var svgCharts = 0
        var attributes = 0
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(!text.lowercased().contains("<script>alert"), "\(path): unescaped script")
            #expect(!text.contains("<b>x</b>"), "\(path): unescaped markup")
            if path.hasSuffix(".json") || path.hasSuffix(".webmanifest") {
                let object = try JSONSerialization.jsonObject(with: bytes)
                let values = Self.strings(in: object)
                // offline.json lists addresses and sizes, no names: its strings are slugs, safe by construction
                if !path.hasSuffix("/offline.json") && !path.hasSuffix(".webmanifest") {
                    #expect(values.contains(Self.evil), "\(path): the hostile name does not round-trip")
                }
                #expect(!text.contains("\u{2028}") && !text.contains("\u{2029}"), "\(path): raw line separator")
            }
            // The script data (`<lang>/data/*.js`): loaded with <script src>, so nothing in it may end the script,
            // open a comment or break a line of JavaScript, and every text must still round-trip.
            if path.contains("/data/"), path.hasSuffix(".js") {
                dataScripts += 1
                #expect(!text.lowercased().contains("</script") && !text.contains("<!--"), "\(path)")
                #expect(!text.contains("\u{2028}") && !text.contains("\u{2029}"), "\(path): raw line separator")
                let values = Self.strings(in: try BrowserDataTests.json(ofScript: text))
                #expect(values.contains { $0.contains(Self.evil) }, "\(path): the hostile name does not round-trip")
            }
            guard path.hasSuffix(".html") else { continue }
            for url in Self.urlAttributes(text) {
                attributes += 1
                let start = url.unicodeScalars.drop { $0.value <= 0x20 }
                let scheme = String(String.UnicodeScalarView(start)).lowercased()
                    .filter { !"\t\n\r".contains($0) }
                #expect(!scheme.hasPrefix("javascript:"), "\(path): \(url)")
                #expect(!scheme.hasPrefix("data:") && !scheme.hasPrefix("vbscript:"), "\(path): \(url)")
            }
            // Inside any script, nothing may end it early or open an HTML comment.
            for type in ["application/ld+json", "application/json"] {
                for script in Self.scripts(text, type: type) {
                    #expect(!script.lowercased().contains("</script"), "\(path)")
                    #expect(!script.contains("<!--"), "\(path)")
                    #expect(!script.contains("\u{2028}") && !script.contains("\u{2029}"), "\(path)")
                    let object = try JSONSerialization.jsonObject(with: Data(script.utf8))
                    if type == "application/ld+json" {
                        jsonLD += 1
                        let values = Self.strings(in: object)
                        #expect(
                            values.contains { $0.contains(Self.evil) || $0.contains("javascript:alert(1)") },
                            "\(path): JSON-LD lost the name: \(values.prefix(3))")
                    }
                }
            }
            for svg in text.components(separatedBy: "<svg").dropFirst() {
                guard let end = svg.range(of: "</svg>") else {
                    Issue.record("\(path): an <svg> without </svg>")
                    continue
                }
                svgCharts += 1
                let document = "<svg" + svg[..<end.upperBound]
                let parser = XMLParser(data: Data(document.utf8))
                let errors = XMLErrors()
                parser.delegate = errors
                #expect(parser.parse(), "\(path): SVG is not XML: \(String(describing: errors.error))")
            }
        }
        #expect(jsonLD >= 4, "every bike page in both languages has JSON-LD")
        #expect(dataScripts == 6, "a catalogue, a specs and a search texts script per edition")
        #expect(svgCharts >= 2, "the charts pages have SVG charts")
        #expect(attributes > 100)
        // The hostile name is on the bike's page as text, escaped.
        let english = HardeningData.snapshot(out).filter {
            $0.key.hasPrefix("en/moto/") && $0.key.hasSuffix("/index.html")
        }
        #expect(
            english.values.contains {
                String(decoding: $0, as: UTF8.self).contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;")
            })
    }

    @Test func dangerousImageURLsAreRefusedByValidation() throws {
        let refused = [
            "javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "java\nscript:alert(1)",
            "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)", "//evil.example/x.jpg",
            "https:javascript:alert(1)", "https://", "http:///x.jpg", "/relative.jpg", "https://a.example/x y.jpg",
            "https://a.example/\u{2028}.jpg",
        ]
        for url in refused {
            var dataset = try HardeningData.sample()
            var elements = HardeningData.elements(dataset)
            elements[0]["images"] = [url]
            dataset["elements"] = elements
            let result = CatalogueDecoder.decode([UInt8](try JSONSerialization.data(withJSONObject: dataset)))
            #expect(result.catalogue == nil, "\(url) was accepted")
            #expect(result.errors.contains { $0.path == "elements[0].images[0]" }, "\(url)")
        }
    }

    // MARK: Large inputs

    @Test func aFiveMegabyteNoteBuilds() throws {
        var dataset = try HardeningData.sample()
        var elements = Array(HardeningData.elements(dataset).prefix(3))
        let id = String(elements[0]["id"] as! Int)
        let note = String(repeating: "Lorem ipsum <dolor> sit amet & più. ", count: 5_000_000 / 36) + "THE-END"
        var texts = HardeningData.texts(dataset)
        var entry = texts[id] as! [String: Any]
        entry["notes"] = ["it": note, "en": note]
        texts[id] = entry
        elements[0]["notes"] = "notes"
        dataset["elements"] = elements
        dataset["texts"] = texts.filter { key, _ in elements.contains { String($0["id"] as! Int) == key } }
        let folder = SiteFixtures.temporaryFolder()
        try HardeningData.write(dataset, to: folder + "/data.json")
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(data: folder + "/data.json", output: folder + "/site"))
        let seconds = HardeningData.seconds(since: start)
        #expect(seconds < HardeningData.hangSeconds, "\(seconds) s")
        let pages = HardeningData.snapshot(folder + "/site").filter { $0.key.hasPrefix("en/moto/") }
        let page = try #require(
            pages.values.map { String(decoding: $0, as: UTF8.self) }.first { $0.contains("THE-END") })
        #expect(page.contains("Lorem ipsum &lt;dolor&gt; sit amet &amp; più."))
        #expect(page.utf8.count > 5_000_000)
    }

    @Test func tenThousandImagesOnOneBikeMakeOneGalleryPage() throws {
        var dataset = try HardeningData.sample()
        var elements = Array(HardeningData.elements(dataset).prefix(2))
        elements[1]["images"] = NSNull()
        elements[0]["images"] = (0..<10_000).map {
            "https://live.staticflickr.com/65535/\(51_000_000_000 + $0)_9b8a7c6d5e_b.jpg"
        }
        dataset["elements"] = elements
        let ids = Set(elements.map { String($0["id"] as! Int) })
        dataset["texts"] = HardeningData.texts(dataset).filter { ids.contains($0.key) }
        let folder = SiteFixtures.temporaryFolder()
        try HardeningData.write(dataset, to: folder + "/data.json")
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(data: folder + "/data.json", output: folder + "/site"))
        let seconds = HardeningData.seconds(since: start)
        #expect(seconds < HardeningData.hangSeconds, "\(seconds) s")
        let galleries = HardeningData.snapshot(folder + "/site").filter { $0.key.hasSuffix("/gallery/index.html") }
        #expect(galleries.count == 1)
        let html = String(decoding: try #require(galleries.values.first), as: UTF8.self)
        #expect(html.components(separatedBy: "<img ").count - 1 == 10_000)
    }

    /// Peak resident memory of this process (0 where unavailable).
    static func peakResidentBytes() -> Int {
        ResourceUsage.peakResidentBytes
    }

    /// A catalogue of `count` bikes, copies of the sample's with fresh ids, minified, built in memory.
    static func syntheticCatalogue(count: Int) throws -> [UInt8] {
        let dataset = try HardeningData.sample()
        let texts = HardeningData.texts(dataset)
        // Each element's JSON without its id, written once; copies get their id and texts key spliced in.
        var bodies: [(element: [UInt8], texts: [UInt8])] = []
        for element in HardeningData.elements(dataset) {
            var copy = element
            let id = String(copy.removeValue(forKey: "id") as! Int)
            let body = try JSONSerialization.data(withJSONObject: copy)
            bodies.append(([UInt8](body.dropFirst()), [UInt8](try JSONSerialization.data(withJSONObject: texts[id]!))))
        }
        var bytes: [UInt8] = Array("{\"version\":1,\"elements\":[".utf8)
        bytes.reserveCapacity(count * (bodies[0].element.count + bodies[0].texts.count + 40))
        for id in 1...count {
            if id > 1 { bytes.append(UInt8(ascii: ",")) }
            bytes += Array("{\"id\":\(id),".utf8)
            bytes += bodies[id % bodies.count].element
        }
        bytes += Array("],\"texts\":{".utf8)
        for id in 1...count {
            if id > 1 { bytes.append(UInt8(ascii: ",")) }
            bytes += Array("\"\(id)\":".utf8)
            bytes += bodies[id % bodies.count].texts
        }
        bytes += Array("}}".utf8)
        return bytes
    }

    /// Decodes a synthetic catalogue of `count` bikes and checks it is complete; returns the seconds it took.
    static func decodeSynthetic(count: Int) throws -> Double {
        let bytes = try syntheticCatalogue(count: count)
        let before = peakResidentBytes()
        let start = DispatchTime.now().uptimeNanoseconds
        let result = CatalogueDecoder.decode(bytes)
        let seconds = HardeningData.seconds(since: start)
        let growth = peakResidentBytes() - before
        #expect(result.errors.isEmpty, "\(result.errors.prefix(3))")
        #expect(result.catalogue?.motorcycles.count == count)
        // The parsed tree holds every value with its offsets: a few times the file, never a multiple of it per bike.
        #expect(growth < 12 * bytes.count, "peak memory grew by \(growth >> 20) MB for \(bytes.count >> 20) MB")
        return seconds
    }

    /// 10 000 bikes, then 100 000 (a 210 MB file): about 10 s on this 2-core machine (the reader and the decoder are
    /// optimized in debug builds too: Package.swift), a few seconds in a release build. Always run, so the bound is
    /// proven in CI rather than skipped. The bounds are generous, for a busy machine: they catch a hang or a
    /// quadratic walk (minutes), not a slow run; speed is measured by the benchmark.
    @Test func aHundredThousandBikeCatalogueDecodes() throws {
        let tenThousand = try Self.decodeSynthetic(count: 10_000)
        #expect(tenThousand < 60, "10 000 bikes took \(tenThousand) s")
        let hundredThousand = try Self.decodeSynthetic(count: 100_000)
        // Linear: ten times the bikes may not take much more than ten times as long.
        #expect(hundredThousand < max(300, tenThousand * 20), "100 000 bikes took \(hundredThousand) s")
    }
}
