import Testing

@testable import Templating

@Suite struct ParserTests {
    @Test func unknownFilterSuggestsCloseNames() {
        #expect(
            compileError(["page.html": "<p>\n  {{ bike.power | nubmer(1) }}</p>"])?.description
                == "page.html:2:19: error: unknown filter 'nubmer' (did you mean 'number'?)\n  {{ bike.power | nubmer(1) }}</p>\n                  ^"
        )
    }

    @Test func unclosedIfPointsAtTheOpener() {
        #expect(
            compileError(["page.html": "a\n {% if x %}\n b"])?.description
                == "page.html:2:2: error: unclosed '{% if %}': expected '{% endif %}' before the end of the template\n {% if x %}\n ^"
        )
    }

    @Test func unclosedForAndBlock() {
        #expect(
            compileError(["page.html": "{% for x in xs %}{% else %}"])?.description
                == "page.html:1:1: error: unclosed '{% for %}': expected '{% endfor %}' before the end of the template\n{% for x in xs %}{% else %}\n^"
        )
        #expect(
            compileError(["page.html": "{% block main %}"])?.description
                == "page.html:1:1: error: unclosed '{% block %}': expected '{% endblock %}' before the end of the template\n{% block main %}\n^"
        )
    }

    @Test func strayEndfor() {
        #expect(
            compileError(["page.html": "x\n{% endfor %}"])?.description
                == "page.html:2:1: error: unexpected '{% endfor %}': there is no open '{% for %}'\n{% endfor %}\n^")
    }

    @Test func strayElse() {
        #expect(
            compileError(["page.html": "{% else %}"])?.description
                == "page.html:1:1: error: unexpected '{% else %}' outside of '{% if %}' or '{% for %}'\n{% else %}\n^")
    }

    @Test func mismatchedCloserNamesTheOpener() {
        #expect(
            compileError(["page.html": "{% if a %}\n  {% for x in xs %}\n  {% endif %}"])?.description
                == "page.html:3:3: error: unexpected '{% endif %}': expected '{% else %}' or '{% endfor %}' to close the '{% for %}' at line 2, column 3\n  {% endif %}\n  ^"
        )
    }

    @Test func badExpressions() {
        #expect(
            compileError(["page.html": "{{ }}"])?.description
                == "page.html:1:4: error: expected an expression but found '}}'\n{{ }}\n   ^")
        #expect(
            compileError(["page.html": "{{ a b }}"])?.description
                == "page.html:1:6: error: expected '}}' but found 'b'\n{{ a b }}\n     ^")
        #expect(
            compileError(["page.html": "{% if (a == 1 %}{% endif %}"])?.description
                == "page.html:1:15: error: expected ')' but found '%}'\n{% if (a == 1 %}{% endif %}\n              ^")
        #expect(
            compileError(["page.html": "{{ a < b < c }}"])?.description
                == "page.html:1:10: error: comparisons cannot be chained; use 'and'\n{{ a < b < c }}\n         ^")
        #expect(
            compileError(["page.html": "{{ a. }}"])?.description
                == "page.html:1:7: error: expected a name after '.' but found '}}'\n{{ a. }}\n      ^")
    }

    @Test func badTags() {
        #expect(
            compileError(["page.html": "{% fro x in xs %}"])?.description
                == "page.html:1:4: error: unknown tag 'fro' (did you mean 'for'?)\n{% fro x in xs %}\n   ^")
        #expect(
            compileError(["page.html": "{% for x of xs %}{% endfor %}"])?.description
                == "page.html:1:10: error: expected 'in' but found 'of'\n{% for x of xs %}{% endfor %}\n         ^")
        #expect(
            compileError(["page.html": "{% set x 1 %}"])?.description
                == "page.html:1:10: error: expected '=' after '{% set x' but found number 1\n{% set x 1 %}\n         ^")
        #expect(
            compileError(["page.html": "{% if x y %}{% endif %}"])?.description
                == "page.html:1:9: error: expected '%}' after the condition of '{% if %}' but found 'y'\n{% if x y %}{% endif %}\n        ^"
        )
        #expect(
            compileError(["page.html": "{% include partial %}"])?.description
                == "page.html:1:12: error: expected a quoted template name after 'include' but found 'partial'\n{% include partial %}\n           ^"
        )
    }

    @Test func extendsMustComeFirst() {
        #expect(
            compileError(["page.html": "x{% extends \"base.html\" %}", "base.html": ""])?.description
                == "page.html:1:2: error: '{% extends %}' must be the first tag in the template\nx{% extends \"base.html\" %}\n ^"
        )
    }

    @Test func contentOutsideBlocksInAChildIsAnError() {
        let base = "{% block main %}{% endblock %}"
        #expect(
            compileError(["page.html": "{% extends \"base.html\" %}\n  lost", "base.html": base])?.description
                == "page.html:2:3: error: text outside of '{% block %}' in a template that uses 'extends' would never be rendered\n  lost\n  ^"
        )
        #expect(
            compileError(["page.html": "{% extends \"base.html\" %}{{ x }}", "base.html": base])?.description
                == "page.html:1:26: error: '{{ }}' outside of '{% block %}' in a template that uses 'extends' would never be rendered\n{% extends \"base.html\" %}{{ x }}\n                         ^"
        )
    }

    @Test func blockNamesMustBeUniqueAndMatch() {
        #expect(
            compileError(["page.html": "{% block a %}{% endblock %}{% block a %}{% endblock %}"])?.description
                == "page.html:1:37: error: block 'a' is defined twice in this template\n{% block a %}{% endblock %}{% block a %}{% endblock %}\n                                    ^"
        )
        #expect(
            compileError(["page.html": "{% block a %}{% endblock b %}"])?.description
                == "page.html:1:26: error: '{% endblock b %}' does not match '{% block a %}' at line 1, column 1\n{% block a %}{% endblock b %}\n                         ^"
        )
    }
}
