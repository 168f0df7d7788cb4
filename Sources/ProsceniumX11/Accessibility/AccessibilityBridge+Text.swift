import Proscenium

// MARK: - Text and EditableText

extension AccessibilityBridge {
    func segments(of node: AccessibilityNode, in tree: AccessibilityTree) -> ATSPITextSegments {
        ATSPITextSegments(node.text ?? "", lines: tree.textLines(of: node.id) ?? [])
    }

    /// The Text interface's properties.
    static let textProperties = ["CharacterCount", "CaretOffset"]

    func writeTextProperty(_ name: String, of node: AccessibilityNode, in tree: AccessibilityTree, _ writer: DBusMessageWriter) {
        let segments = segments(of: node, in: tree)
        switch name {
        case "CharacterCount": writer.variant("i") { $0.int32(Int32(clamping: segments.scalarCount)) }
        default: writer.variant("i") { $0.int32(Int32(clamping: node.caretOffset.map(segments.scalarOffset) ?? 0)) }
        }
    }

    /// Answers the Text interface: the text, its pieces, where its characters are, the selection and the caret.
    func handleText(_ call: DBusConnection.Call, node: AccessibilityNode, tree: AccessibilityTree) {
        let segments = segments(of: node, in: tree)
        let arguments = call.arguments
        func scalar(_ offset: Int) -> Int32 { Int32(clamping: segments.scalarOffset(offset)) }
        func replyPiece(_ range: Range<Int>) {
            connection.reply(to: call) { $0.string(segments.text(range)); $0.int32(scalar(range.lowerBound)); $0.int32(scalar(range.upperBound)) }
        }
        func replyExtents(_ frame: Rect, coordinates: UInt32) {
            let (x, y, width, height) = extents(of: frame, parent: node.parent.flatMap { tree[$0]?.frame }, coordinates: coordinates)
            connection.reply(to: call) { $0.int32(x); $0.int32(y); $0.int32(width); $0.int32(height) }
        }
        let selection = node.selectedRange.flatMap { $0.isEmpty ? nil : $0 }
        switch call.member {
        case "GetText":
            guard let start = arguments.int32(0), let end = arguments.int32(1) else { return invalid(call) }
            connection.reply(to: call) { $0.string(segments.text(segments.characterRange(start, end))) }
        case "GetTextAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset":
            guard let offset = arguments.int32(0), let type = arguments.uint32(1), let boundary = ATSPITextSegments.Boundary(rawValue: type) else {
                return invalid(call)
            }
            let step = call.member == "GetTextAtOffset" ? 0 : call.member == "GetTextBeforeOffset" ? -1 : 1
            replyPiece(segments.piece(boundary, at: segments.characterOffset(offset), step: step))
        case "GetStringAtOffset":
            guard let offset = arguments.int32(0), let granularity = arguments.uint32(1),
                  let range = segments.piece(granularity: granularity, at: segments.characterOffset(offset)) else { return invalid(call) }
            replyPiece(range)
        case "GetCharacterAtOffset":
            guard let offset = arguments.int32(0) else { return invalid(call) }
            let index = segments.characterOffset(offset)
            let character = index < segments.characters.count ? segments.characters[index].unicodeScalars.first.map { Int32($0.value) } : nil
            connection.reply(to: call) { $0.int32(character ?? 0) }
        case "GetCharacterExtents":
            guard let offset = arguments.int32(0), let coordinates = arguments.uint32(1) else { return invalid(call) }
            replyExtents(tree.characterFrame(at: segments.characterOffset(offset), of: node.id) ?? .zero, coordinates: coordinates)
        case "GetRangeExtents":
            guard let start = arguments.int32(0), let end = arguments.int32(1), let coordinates = arguments.uint32(2) else { return invalid(call) }
            let range = segments.characterRange(start, end)
            // The first and last characters of each line the range covers bound it: no more are measured.
            let lines = (tree.textLines(of: node.id) ?? [range]).map { $0.clamped(to: range) }.filter { !$0.isEmpty }
            let frames = lines.flatMap { [$0.lowerBound, $0.upperBound - 1] }.compactMap { tree.characterFrame(at: $0, of: node.id) }
            replyExtents(frames.dropFirst().reduce(frames.first ?? .zero) { $0.union($1) }, coordinates: coordinates)
        case "GetOffsetAtPoint":
            guard let x = arguments.int32(0), let y = arguments.int32(1), let coordinates = arguments.uint32(2) else { return invalid(call) }
            let point = windowPoint(x: x, y: y, parent: node.parent.flatMap { tree[$0]?.frame }, coordinates: coordinates)
            let offset = tree.characterOffset(at: point, of: node.id)
            connection.reply(to: call) { $0.int32(offset.map(scalar) ?? -1) }
        case "GetNSelections": connection.reply(to: call) { $0.int32(selection == nil ? 0 : 1) }
        case "GetSelection":
            guard let index = arguments.int32(0) else { return invalid(call) }
            let range = index == 0 ? selection : nil
            connection.reply(to: call) { $0.int32(range.map { scalar($0.lowerBound) } ?? 0); $0.int32(range.map { scalar($0.upperBound) } ?? 0) }
        case "AddSelection", "SetSelection":
            let first = call.member == "SetSelection" ? 1 : 0
            guard let start = arguments.int32(first), let end = arguments.int32(first + 1) else { return invalid(call) }
            let allowed = call.member == "SetSelection" ? arguments.int32(0) == 0 : selection == nil
            let done = allowed && tree.setSelectedRange(segments.characterRange(start, end), of: node.id)
            if done { windowDidChange() }  // read again: a caret asked for next is the new one
            connection.reply(to: call) { $0.bool(done) }
        case "RemoveSelection":
            guard let index = arguments.int32(0) else { return invalid(call) }
            let caret = node.caretOffset ?? 0
            let done = index == 0 && selection != nil && tree.setSelectedRange(caret..<caret, of: node.id)
            if done { windowDidChange() }
            connection.reply(to: call) { $0.bool(done) }
        case "SetCaretOffset":
            guard let offset = arguments.int32(0) else { return invalid(call) }
            let caret = segments.characterOffset(offset)
            let done = tree.setSelectedRange(caret..<caret, of: node.id)
            if done { windowDidChange() }
            connection.reply(to: call) { $0.bool(done) }
        case "GetAttributes", "GetAttributeRun":
            guard arguments.int32(0) != nil else { return invalid(call) }
            connection.reply(to: call) { $0.array(of: "{ss}") { _ in }; $0.int32(0); $0.int32(Int32(clamping: segments.scalarCount)) }
        case "GetAttributeValue":
            guard arguments.int32(0) != nil, arguments.string(1) != nil else { return invalid(call) }
            connection.reply(to: call) { $0.string("") }
        case "GetDefaultAttributes", "GetDefaultAttributeSet": connection.reply(to: call) { $0.array(of: "{ss}") { _ in } }
        case "GetBoundedRanges": connection.reply(to: call) { $0.array(of: "(iisv)") { _ in } }
        case "ScrollSubstringTo", "ScrollSubstringToPoint": connection.reply(to: call) { $0.bool(false) }
        default: connection.replyError(to: call, ATSPI.unknownMethod, "Text.\(call.member)")
        }
    }

    /// Answers the EditableText interface: changes as typing makes them (the delegate asked, the
    /// editing-changed actions run), the reply first, the change on the next turn.
    func handleEditableText(_ call: DBusConnection.Call, node: AccessibilityNode, tree: AccessibilityTree) {
        let segments = segments(of: node, in: tree)
        let arguments = call.arguments
        let id = node.id
        let edit: (@MainActor (AccessibilityTree) -> Void)
        switch call.member {
        case "SetTextContents":
            guard let text = arguments.string(0) else { return invalid(call) }
            let all = 0..<segments.characters.count
            edit = { $0.replaceCharacters(in: all, with: text, of: id) }
        case "InsertText":
            guard let position = arguments.int32(0), let text = arguments.string(1), let length = arguments.int32(2) else { return invalid(call) }
            let offset = segments.characterOffset(position)
            let inserted = length >= 0 ? String(text.unicodeScalars.prefix(Int(length)).map(Character.init)) : text
            edit = { $0.replaceCharacters(in: offset..<offset, with: inserted, of: id) }
        case "DeleteText", "CutText", "CopyText":
            guard let start = arguments.int32(0), let end = arguments.int32(1) else { return invalid(call) }
            let range = segments.characterRange(start, end)
            switch call.member {
            case "DeleteText": edit = { $0.replaceCharacters(in: range, with: "", of: id) }
            case "CutText": edit = { $0.copyText(in: range, of: id, cutting: true) }
            default: edit = { $0.copyText(in: range, of: id) }
            }
        case "PasteText":
            guard let position = arguments.int32(0) else { return invalid(call) }
            let offset = segments.characterOffset(position)
            edit = { $0.pasteText(at: offset, of: id) }
        default: return connection.replyError(to: call, ATSPI.unknownMethod, "EditableText.\(call.member)")
        }
        if call.member == "CopyText" { connection.reply(to: call) } else { connection.reply(to: call) { $0.bool(node.isEditable) } }
        afterReply(edit)
    }
}
