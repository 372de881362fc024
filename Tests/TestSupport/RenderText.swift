import Templating

extension TemplateLibrary {
    /// A template rendered as text, for tests that compare strings; the site renders bytes (`renderBytes`).
    public func renderText(_ name: String, context: [String: Value], environment: RenderEnvironment) throws -> String {
        String(decoding: try renderBytes(name, context: context, environment: environment), as: UTF8.self)
    }
}
