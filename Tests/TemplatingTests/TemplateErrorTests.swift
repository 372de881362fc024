import Testing

@testable import Templating

@Suite struct TemplateErrorTests {
    @Test func descriptionHasPositionSourceLineAndCaret() {
        let error = TemplateError(
            file: "Templates/pages/moto.html", line: 12, column: 7, message: "unknown variable 'x'",
            sourceLine: "  <p>{{ x }}</p>")
        #expect(
            error.description
                == "Templates/pages/moto.html:12:7: error: unknown variable 'x'\n  <p>{{ x }}</p>\n      ^")
    }

    @Test func caretKeepsTabsSoItLinesUp() {
        let error = TemplateError(file: "a", line: 1, column: 3, message: "m", sourceLine: "\t\t{{ x }}")
        #expect(error.description == "a:1:3: error: m\n\t\t{{ x }}\n\t\t^")
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(
            errorText("«é» {{ nope }}") == "page.html:1:8: error: unknown variable 'nope'\n«é» {{ nope }}\n       ^")
    }

    @Test func errorsWithoutPositionHaveNoCaret() {
        let error = TemplateError(
            file: "Templates", line: 0, column: 0, message: "template directory not found", sourceLine: "")
        #expect(error.description == "Templates: error: template directory not found")
    }
}
