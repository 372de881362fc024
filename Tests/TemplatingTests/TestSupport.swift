import Foundation
import TestSupport
import Testing

@testable import Templating

let english = RenderEnvironment(locale: "en_US", numbers: .englishForTests)
let italian = RenderEnvironment(locale: "it_IT", numbers: .italianForTests)

/// Renders `template` as "page.html", next to any `others`.
func render(
    _ template: String, _ context: [String: Value] = [:], environment: RenderEnvironment = english,
    others: [String: String] = [:]
) throws -> String {
    var sources = others
    sources["page.html"] = template
    let library = try TemplateLibrary(sources: sources)
    return try library.renderText("page.html", context: context, environment: environment)
}

/// The error thrown while building a library from `sources`, or nil.
func compileError(_ sources: [String: String]) -> TemplateError? {
    do {
        _ = try TemplateLibrary(sources: sources)
        return nil
    } catch {
        return error
    }
}

/// The description of the error thrown while compiling or rendering "page.html", or nil.
func errorText(
    _ template: String, _ context: [String: Value] = [:], others: [String: String] = [:]
) -> String? {
    do {
        _ = try render(template, context, others: others)
        return nil
    } catch let error as TemplateError {
        return error.description
    } catch {
        return "unexpected error type: \(error)"
    }
}

/// Collects per-thread results from `DispatchQueue.concurrentPerform`.
final class ConcurrentResults: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String]

    init(count: Int) { values = Array(repeating: "", count: count) }

    subscript(index: Int) -> String {
        get { lock.withLock { values[index] } }
        set { lock.withLock { values[index] = newValue } }
    }
}
