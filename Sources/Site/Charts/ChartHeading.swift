/// What names a chart for a screen reader: a page-unique `id` (the prefix of its `<title>`'s and `<desc>`'s ids,
/// `<id>-title` and `<id>-desc`), its title and its description.
struct ChartHeading: Sendable {
    var id: String
    var title: String
    var description: String
}

/// A scatter plot's axes: their titles, and whether x is a year (ticks on whole years, printed without grouping:
/// "1950", not "1,950").
struct ChartAxes: Sendable {
    var x: String
    var y: String
    var xIsYear = true
}
