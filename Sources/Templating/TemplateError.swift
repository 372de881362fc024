/// An error in a template, pointing at the offending token the way a compiler does, so editors and terminals
/// can jump to it.
///
/// Errors that have no position in a template (an unreadable directory, an unknown template name passed to
/// `render`) have `line == 0`; their description is then just `file: error: message`.
public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The template name, or the path as the user would open it when loaded from a directory.
    public var file: String
    /// 1-based; 0 when the error has no position.
    public var line: Int
    /// 1-based, in characters.
    public var column: Int
    public var message: String
    public var sourceLine: String

    public init(file: String, line: Int, column: Int, message: String, sourceLine: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.sourceLine = sourceLine
    }

    /// `file:line:column: error: message`, then the source line and a caret under the column.
    public var description: String {
        guard line > 0 else { return "\(file): error: \(message)" }
        // Tabs are kept in the caret line so the caret stays under the right character in a terminal.
        let padding = String(sourceLine.prefix(max(column - 1, 0)).map { $0 == "\t" ? "\t" : " " })
        return "\(file):\(line):\(column): error: \(message)\n\(sourceLine)\n\(padding)^"
    }
}

/// Thrown by custom filters; the renderer turns it into a `TemplateError` at the filter's position.
public struct FilterError: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// One template's text, shared by every location in its AST so that errors found at render time can still
/// quote the source line. The text is split into lines only when an error needs one: splitting every template
/// on every build was wasted on the builds that succeed, which are nearly all of them.
final class SourceFile: Sendable {
    /// The name shown in errors (a path when loaded from a directory).
    let displayName: String
    let text: String
    /// How `{{ }}` escapes in this file, from its template name.
    let contentType: ContentType

    init(displayName: String, text: String, contentType: ContentType = .html) {
        self.displayName = displayName
        self.text = text
        self.contentType = contentType
    }

    func error(_ message: String, line: Int, column: Int) -> TemplateError {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        let sourceLine = line >= 1 && line <= lines.count ? String(lines[line - 1]) : ""
        return TemplateError(file: displayName, line: line, column: column, message: message, sourceLine: sourceLine)
    }
}

/// A position in a template. Carries its file because included templates' nodes are rendered inside others.
struct SourceLocation: Sendable {
    let file: SourceFile
    let line: Int
    let column: Int

    func error(_ message: String) -> TemplateError {
        file.error(message, line: line, column: column)
    }
}
