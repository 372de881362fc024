/// Everything learnt from one catalogue file: the catalogue if it is usable, and every problem found.
///
/// Problems are collected rather than thrown so that one run shows the editor of the file all there is to fix.
public struct DecodeResult: Sendable {
    /// `nil` when there is any error; warnings alone do not prevent a catalogue.
    public var catalogue: Catalogue?
    /// Errors and warnings in document order.
    public var problems: [Problem]

    public init(catalogue: Catalogue?, problems: [Problem]) {
        self.catalogue = catalogue
        self.problems = problems
    }

    public var errors: [Problem] { problems.filter { $0.severity == .error } }
    public var warnings: [Problem] { problems.filter { $0.severity == .warning } }
}
