import Files

/// Turns a set of template sources into render-ready templates: parses each, checks that every `include` and
/// `extends` target exists and that they form no cycle (a cycle would recurse until the stack overflows), and
/// flattens each `extends` chain into one tree.
enum Compiler {
    static func compile(_ sources: [SourceText]) throws(TemplateError) -> [String: CompiledTemplate] {
        var parsed: [String: ParsedTemplate] = [:]
        for source in sources {
            let file = SourceFile(
                displayName: source.displayName, text: source.text,
                contentType: ContentType.of(templateNamed: source.name))
            parsed[source.name] = try Parser.parse(name: source.name, source: source.text, file: file)
        }
        let names = parsed.keys.sorted()
        for name in names {
            for dependency in dependencies(of: parsed[name]!) where parsed[dependency.name] == nil {
                throw dependency.location.error(
                    "unknown template '\(dependency.name)'" + Suggestions.hint(for: dependency.name, in: names))
            }
        }
        try checkCycles(parsed, names: names)

        var resolved: [String: [Node]] = [:]
        for name in names { _ = try resolve(name, parsed: parsed, resolved: &resolved) }
        var inlined: [String: [Node]] = [:]
        for name in names { _ = inline(name, resolved: resolved, inlined: &inlined) }
        let digests = dependencyDigests(sources, parsed: parsed)
        var compiled: [String: CompiledTemplate] = [:]
        for (name, nodes) in inlined {
            // Sized from the template's own text: walking the inlined tree would take time exponential in the
            // depth of includes that include a template more than once.
            compiled[name] = CompiledTemplate(
                nodes: nodes, capacityHint: max(4096, 2 * textSize(resolved[name]!)), digest: digests[name]!)
        }
        return compiled
    }

    /// For each template, a digest of its own source and of every template it extends or includes, directly or
    /// not: what its output can depend on besides the context. A build keys the files a template renders by it,
    /// so editing a partial re-renders the pages that use it and no others.
    private static func dependencyDigests(
        _ sources: [SourceText], parsed: [String: ParsedTemplate]
    ) -> [String: Digest] {
        var own: [String: Digest] = [:]
        for source in sources {
            var hasher = StableHasher()
            hasher.combine(source.name)
            hasher.combine(source.text)
            own[source.name] = hasher.finalize()
        }
        var closures: [String: Set<String>] = [:]
        func closure(_ name: String) -> Set<String> {  // no cycles: checked before
            if let known = closures[name] { return known }
            var names: Set<String> = [name]
            for dependency in dependencies(of: parsed[name]!) { names.formUnion(closure(dependency.name)) }
            closures[name] = names
            return names
        }
        var digests: [String: Digest] = [:]
        for name in parsed.keys {
            var hasher = StableHasher()
            for member in closure(name).sorted() { hasher.combine(own[member]!) }
            digests[name] = hasher.finalize()
        }
        return digests
    }

    /// The parent first, then includes in source order, so the first error reported is the first in the file.
    private static func dependencies(of template: ParsedTemplate) -> [(name: String, location: SourceLocation)] {
        (template.parent.map { [$0] } ?? []) + template.includes
    }

    private static func checkCycles(_ parsed: [String: ParsedTemplate], names: [String]) throws(TemplateError) {
        enum State { case visiting, done }
        var states: [String: State] = [:]
        var path: [String] = []

        func visit(_ name: String) throws(TemplateError) {
            states[name] = .visiting
            path.append(name)
            for dependency in dependencies(of: parsed[name]!) {
                switch states[dependency.name] {
                case .visiting?:
                    let cycle = path[path.lastIndex(of: dependency.name)!...] + [dependency.name]
                    throw dependency.location.error(
                        "'\(dependency.name)' includes or extends itself: " + cycle.joined(separator: " -> "))
                case .done?:
                    continue
                case nil:
                    try visit(dependency.name)
                }
            }
            path.removeLast()
            states[name] = .done
        }

        for name in names where states[name] == nil { try visit(name) }
    }

    private static func resolve(
        _ name: String, parsed: [String: ParsedTemplate], resolved: inout [String: [Node]]
    ) throws(TemplateError) -> [Node] {
        if let nodes = resolved[name] { return nodes }
        let template = parsed[name]!
        var nodes = template.nodes
        if let parent = template.parent {
            let parentNodes = try resolve(parent.name, parsed: parsed, resolved: &resolved)
            var parentBlocks: [String: [Node]] = [:]
            collectBlocks(parentNodes, into: &parentBlocks)
            for block in template.overriddenBlocks where parentBlocks[block.name] == nil {
                throw block.location.error(
                    "block '\(block.name)' does not exist in '\(parent.name)'"
                        + Suggestions.hint(for: block.name, in: parentBlocks.keys))
            }
            var overrides: [String: [Node]] = [:]
            collectBlocks(template.nodes, into: &overrides)
            nodes = replaceBlocks(in: parentNodes, with: overrides)
        }
        resolved[name] = nodes
        return nodes
    }

    /// Blocks at any depth, so a child can override a block nested inside another block, a condition or a loop.
    private static func collectBlocks(_ nodes: [Node], into blocks: inout [String: [Node]]) {
        for node in nodes {
            switch node {
            case .block(let name, let body):
                blocks[name] = body
                collectBlocks(body, into: &blocks)
            case .conditional(let branches, let otherwise):
                for branch in branches { collectBlocks(branch.body, into: &blocks) }
                collectBlocks(otherwise ?? [], into: &blocks)
            case .loop(let loop):
                collectBlocks(loop.body, into: &blocks)
                collectBlocks(loop.empty ?? [], into: &blocks)
            case .text, .output, .assignment, .include, .scope:
                break
            }
        }
    }

    /// Replaced blocks keep their name, so a grandchild can override them again.
    private static func replaceBlocks(in nodes: [Node], with overrides: [String: [Node]]) -> [Node] {
        nodes.map { node in
            if case .block(let name, let body) = node {
                return .block(name: name, body: replaceBlocks(in: overrides[name] ?? body, with: overrides))
            }
            return node.mappingBodies { replaceBlocks(in: $0, with: overrides) }
        }
    }

    /// The template's nodes with every include replaced by the included template's nodes (themselves inlined:
    /// includes form no cycle, which was checked before).
    private static func inline(
        _ name: String, resolved: [String: [Node]], inlined: inout [String: [Node]]
    ) -> [Node] {
        if let nodes = inlined[name] { return nodes }
        let nodes = inlineIncludes(in: resolved[name]!, resolved: resolved, inlined: &inlined)
        inlined[name] = nodes
        return nodes
    }

    private static func inlineIncludes(
        in nodes: [Node], resolved: [String: [Node]], inlined: inout [String: [Node]]
    ) -> [Node] {
        nodes.map { node in
            if case .include(let name, _) = node {
                return .scope(inline(name, resolved: resolved, inlined: &inlined))
            }
            return node.mappingBodies { inlineIncludes(in: $0, resolved: resolved, inlined: &inlined) }
        }
    }

    private static func textSize(_ nodes: [Node]) -> Int {
        nodes.reduce(0) { total, node in
            switch node {
            case .text(let bytes): return total + bytes.count
            case .block(_, let body): return total + textSize(body)
            case .conditional(let branches, let otherwise):
                return total + branches.map { textSize($0.body) }.max()! + (otherwise.map(textSize) ?? 0)
            case .loop(let loop): return total + textSize(loop.body)
            case .output, .assignment, .include, .scope: return total
            }
        }
    }
}
