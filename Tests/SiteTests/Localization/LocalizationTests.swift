import Testing

@testable import Site

/// Placeholder filling, which every title, figure and plural goes through.
@Suite struct LocalizationFillTests {
    @Test func placeholdersAreReplacedWhereverTheyStand() {
        #expect(Localization.fill("{n}", ["n": "3"]) == "3")
        #expect(
            Localization.fill("{name} ({years})", ["name": "Falcone", "years": "1950–1967"]) == "Falcone (1950–1967)")
        #expect(Localization.fill("Più di {n} foto già", ["n": "1.000"]) == "Più di 1.000 foto già")
        #expect(Localization.fill("{a}{b}", ["a": "x", "b": "é"]) == "xé")
    }

    @Test func unknownAndUnclosedPlaceholdersStayAsWritten() {
        #expect(Localization.fill("{unknown} left", ["n": "1"]) == "{unknown} left")
        #expect(Localization.fill("open { brace", ["n": "1"]) == "open { brace")
        #expect(Localization.fill("{n} and {", ["n": "1"]) == "1 and {")
        #expect(Localization.fill("no placeholder – at all", [:]) == "no placeholder – at all")
    }

    @Test func aValueIsNotFilledAgain() {
        #expect(Localization.fill("{a} {b}", ["a": "{b}", "b": "B"]) == "{b} B")
    }
}
