import Testing

@testable import Catalogue

@Suite struct CatalogueErrorTests {
    @Test func invalidListsEveryProblemUnderACountedHeader() {
        let problems = [
            Problem(severity: .error, path: "elements[0].id", line: 5, column: 19, message: "duplicate id 1"),
            Problem(severity: .warning, path: "texts[\"3\"]", line: 90, column: 9, message: "unused"),
            Problem(severity: .error, path: "version", line: 2, column: 16, message: "bad"),
        ]
        let error = CatalogueError.invalid(path: "data/info_moto.json", problems: problems)
        #expect(
            error.description == """
                data/info_moto.json: 2 errors, 1 warning
                  error: elements[0].id: duplicate id 1 (line 5, column 19)
                  warning: texts["3"]: unused (line 90, column 9)
                  error: version: bad (line 2, column 16)
                """)
        let single = CatalogueError.invalid(path: "a.json", problems: [problems[0]])
        #expect(single.description.hasPrefix("a.json: 1 error\n"))
    }

    @Test func unreadableGivesTheReason() {
        let error = CatalogueError.unreadable(path: "/nope.json", reason: "No such file or directory")
        #expect(error.description == "/nope.json: cannot read the file: No such file or directory")
    }
}
