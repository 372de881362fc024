/// "Did you mean" hints for unknown names. Only runs on the error path, so a simple edit distance is fine.
enum Suggestions {
    /// Up to three candidates within a small edit distance of `name`, closest first.
    static func closeMatches(to name: String, in candidates: some Sequence<String>) -> [String] {
        let limit = name.count <= 3 ? 1 : name.count <= 8 ? 2 : 3
        let lowered = name.lowercased()
        let scored = candidates.compactMap { candidate -> (String, Int)? in
            let distance = editDistance(lowered, candidate.lowercased())
            return distance <= limit ? (candidate, distance) : nil
        }
        return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(\.0)
    }

    /// " (did you mean 'a' or 'b'?)", or "" when nothing is close.
    static func hint(for name: String, in candidates: some Sequence<String>) -> String {
        let matches = closeMatches(to: name, in: candidates).map { "'\($0)'" }
        guard let last = matches.last else { return "" }
        let list = matches.count == 1 ? last : matches.dropLast().joined(separator: ", ") + " or " + last
        return " (did you mean \(list)?)"
    }

    /// Optimal string alignment distance: edits plus adjacent transpositions, the most common typo.
    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
