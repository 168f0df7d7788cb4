import Proscenium

// MARK: - Collection

/// A Collection match rule, `(aiia{ss}iaiiasib)`: states, attributes, roles and interfaces, each with how
/// it must match (all, any, none, or empty), and whether the whole rule is inverted.
struct ATSPIMatchRule {
    enum Kind: Int32 { case invalid = 0, all, any, none, empty }

    var states: Set<UInt32>, stateKind: Kind
    var attributes: [(String, String)], attributeKind: Kind
    var roles: Set<UInt32>, roleKind: Kind
    var interfaces: Set<String>, interfaceKind: Kind
    var invert: Bool

    /// The rule in a call's argument, nil when it is not one.
    init?(_ value: DBusArguments.Value?) {
        guard case let .structure(fields)? = value, fields.count == 9,
              let stateKind = DBusArguments.int32(fields[1]).flatMap(Kind.init), let attributeKind = DBusArguments.int32(fields[3]).flatMap(Kind.init),
              let roleKind = DBusArguments.int32(fields[5]).flatMap(Kind.init), let interfaceKind = DBusArguments.int32(fields[7]).flatMap(Kind.init),
              case let .bool(invert)? = fields[8] else { return nil }
        guard let states = Self.bits(fields[0]), let roles = Self.bits(fields[4]),
              case let .array(entries)? = fields[2], case let .array(names)? = fields[6] else { return nil }
        var attributes: [(String, String)] = []
        for case let .structure(pair)? in entries where pair.count == 2 {
            guard let key = DBusArguments.string(pair[0]), let value = DBusArguments.string(pair[1]) else { return nil }
            attributes.append((key, value))
        }
        self.states = states
        self.stateKind = stateKind
        self.attributes = attributes
        self.attributeKind = attributeKind
        self.roles = roles
        self.roleKind = roleKind
        interfaces = Set(names.compactMap(DBusArguments.string).map(Self.shortName))
        self.interfaceKind = interfaceKind
        self.invert = invert
    }

    /// An interface's name as at-spi2-core's own Collection compares them: "action" for
    /// `org.a11y.atspi.Action`, in any case.
    static func shortName(_ interface: String) -> String {
        String(interface.split(separator: ".").last ?? Substring(interface)).lowercased()
    }

    /// A bit set sent as 32-bit words, low word first, as the numbers of the bits set.
    private static func bits(_ value: DBusArguments.Value?) -> Set<UInt32>? {
        guard case let .array(words)? = value else { return nil }
        var result: Set<UInt32> = []
        for (index, word) in words.enumerated() {
            guard let word = DBusArguments.int32(word) else { return nil }
            for bit in 0..<32 where UInt32(bitPattern: word) & (1 << UInt32(bit)) != 0 { result.insert(UInt32(index * 32 + bit)) }
        }
        return result
    }

    /// Whether `has` (what an object has) matches `wanted` as `kind` says, as at-spi2-core's own Collection
    /// does: an empty wanted set matches all, any and none; an invalid kind matches nothing.
    private static func matches<T: Hashable>(_ has: Set<T>, _ wanted: Set<T>, _ kind: Kind) -> Bool {
        switch kind {
        case .invalid: false
        case .all: wanted.isSubset(of: has)
        case .any: wanted.isEmpty || !wanted.isDisjoint(with: has)
        case .none: wanted.isDisjoint(with: has)
        case .empty: wanted.isEmpty ? has.isEmpty : wanted.isDisjoint(with: has)
        }
    }

    func matches(states: [UInt32], role: UInt32, interfaces: [String], attributes: [String: String]) -> Bool {
        let pairs = Set(attributes.map { "\($0.key)\u{0}\($0.value)" })
        let wantedPairs = Set(self.attributes.map { "\($0.0)\u{0}\($0.1)" })
        let result = Self.matches(Set(states), self.states, stateKind)
            && Self.matches(pairs, wantedPairs, attributeKind)
            && Self.matches([role], roles, roleKind)
            && Self.matches(Set(interfaces.map(Self.shortName)), self.interfaces, interfaceKind)
        return result != invert
    }
}

extension AccessibilityBridge {
    /// A node's attributes, as `GetAttributes` answers them.
    func attributes(of node: AccessibilityNode) -> [String: String] {
        var attributes = ["toolkit": "Proscenium"]
        if let identifier = node.identifier { attributes["id"] = identifier }
        return attributes
    }

    /// Answers the Collection interface: the objects under a node that match a rule, in reading order
    /// (or its reverse), all of them or the first `count`, and those before or after one of them.
    func handleCollection(_ call: DBusConnection.Call, node: AccessibilityNode, tree: AccessibilityTree) {
        let arguments = call.arguments
        let ruleIndex = call.member == "GetMatches" ? 0 : 1
        switch call.member {
        case "GetMatches", "GetMatchesTo", "GetMatchesFrom":
            guard let rule = ATSPIMatchRule(arguments.value(ruleIndex)), let sort = arguments.uint32(ruleIndex + 1) else { return invalid(call) }
            let count: Int32?, traverse: Bool?
            // GetMatches(rule, sortby, count, traverse); GetMatchesTo(current, rule, sortby, tree, limit_scope,
            // count, traverse); GetMatchesFrom(current, rule, sortby, tree, count, traverse).
            let countIndex = ["GetMatches": 2, "GetMatchesTo": 5, "GetMatchesFrom": 4][call.member] ?? 2
            (count, traverse) = (arguments.int32(countIndex), arguments.bool(countIndex + 1))
            guard let count, let traverse else { return invalid(call) }
            var candidates = traverse ? Array(descendants(of: node, in: tree).dropFirst()) : node.children.compactMap { tree[$0] }
            if call.member != "GetMatches" {
                guard let current = arguments.string(0), case let .node(currentNode, _) = target(of: current),
                      let index = candidates.firstIndex(where: { $0.id == currentNode.id }) else { return invalid(call) }
                candidates = call.member == "GetMatchesFrom" ? Array(candidates[(index + 1)...]) : Array(candidates[..<index])
            }
            // Reverse orders: 4 (reverse canonical), 5 (reverse flow), 6 (reverse tab).
            if (4...6).contains(sort) { candidates.reverse() }
            var found: [UInt64] = []
            for candidate in candidates where count <= 0 || found.count < Int(count) {
                if rule.matches(states: states(of: candidate), role: ATSPI.Role.number(for: candidate.role),
                                interfaces: interfaces(of: candidate), attributes: attributes(of: candidate)) {
                    found.append(candidate.id)
                }
            }
            connection.reply(to: call) { writer in
                writer.array(of: "(so)") { array in for id in found { array.reference(connection.uniqueName, path(of: id)) } }
            }
        case "GetActiveDescendant":
            connection.reply(to: call) { $0.reference("", ATSPI.nullPath) }
        default: connection.replyError(to: call, ATSPI.unknownMethod, "Collection.\(call.member)")
        }
    }

    /// `node` and everything under it, in reading order.
    func descendants(of node: AccessibilityNode, in tree: AccessibilityTree) -> [AccessibilityNode] {
        [node] + node.children.compactMap { tree[$0] }.flatMap { descendants(of: $0, in: tree) }
    }
}
