import Proscenium

/// What the renderer's analyses read of one command of a frame's list, as a plain value. They walk the list a
/// dozen times a frame (retention, folding, occlusion, redundant and final fills), and a step of a walk over
/// `DisplayCommand`s copies the command out of the list, retaining and releasing a text's layout with it,
/// which costs more than the analyses' own work. The summaries are made once a frame.
struct CommandSummary {
    /// Which command this is.
    enum Kind: UInt8 {
        case fill, border, shadow, text, image
        case pushClip, pushOpacity, pushTransform, pushRasterized
        case popClip, popOpacity, popTransform, popRasterized
    }

    var kind: Kind
    /// A fill's, border's, shadow's, image's or clip's rectangle; an opacity or rasterized group's bounds;
    /// where a transformed group's layer lands in the enclosing space (its bounds rounded out to whole local
    /// pixels, transformed); zero otherwise.
    var rect: Rect = .zero
    /// True for a transformed group whose bounds are not finite: it may draw anywhere.
    var drawsAnywhere = false
    /// A fill's, border's, shadow's or clip's corner radius; 0 otherwise.
    var cornerRadius: Double = 0
    /// The corners that radius rounds; none for other commands.
    var corners: CornerMask = []
    /// A fill's, border's, shadow's or text's colour; clear otherwise.
    var color: Color = .clear
    /// An opacity group's alpha; 1 otherwise.
    var alpha: Double = 1
    /// How far a transformed group that only moves what it holds (by a finite offset) moves it; nil otherwise.
    var translation: Point?

    init(_ command: DisplayCommand) {
        switch command {
        case let .fill(rect, radius, color, corners):
            self.init(kind: .fill, rect: rect, cornerRadius: radius, corners: corners, color: color)
        case let .border(rect, radius, _, color, corners):
            self.init(kind: .border, rect: rect, cornerRadius: radius, corners: corners, color: color)
        case let .shadow(rect, radius, _, _, color):
            self.init(kind: .shadow, rect: rect, cornerRadius: radius, corners: .all, color: color)
        case let .text(_, _, color):
            self.init(kind: .text, color: color)
        case let .image(_, rect):
            self.init(kind: .image, rect: rect)
        case let .pushClip(rect, radius, corners):
            self.init(kind: .pushClip, rect: rect, cornerRadius: radius, corners: corners)
        case let .pushOpacity(alpha, bounds):
            self.init(kind: .pushOpacity, rect: bounds, alpha: alpha)
        case let .pushTransform(transform, bounds):
            // Its layer holds the bounds rounded out to whole local pixels, and all of that reaches the target.
            self.init(kind: .pushTransform, rect: bounds.isFinite ? transform.apply(to: bounds.integral) : .zero,
                      translation: transform.isTranslation && transform.isFinite ? Point(x: transform.tx, y: transform.ty) : nil)
            drawsAnywhere = !bounds.isFinite
        case .pushRasterized(let bounds):
            self.init(kind: .pushRasterized, rect: bounds)
        case .popClip: self.init(kind: .popClip)
        case .popOpacity: self.init(kind: .popOpacity)
        case .popTransform: self.init(kind: .popTransform)
        case .popRasterized: self.init(kind: .popRasterized)
        }
    }

    private init(kind: Kind, rect: Rect = .zero, cornerRadius: Double = 0, corners: CornerMask = [], color: Color = .clear,
                 alpha: Double = 1, translation: Point? = nil) {
        (self.kind, self.rect, self.cornerRadius, self.corners) = (kind, rect, cornerRadius, corners)
        (self.color, self.alpha, self.translation) = (color, alpha, translation)
    }

    /// True for the commands that open a group.
    var isPush: Bool { kind.rawValue >= Kind.pushClip.rawValue && kind.rawValue <= Kind.pushRasterized.rawValue }
    /// True for push and pop commands, which draw nothing themselves.
    var isGroupMarker: Bool { kind.rawValue >= Kind.pushClip.rawValue }
    /// True for a fill whose corners are square (no radius, or none of its corners rounded).
    var isSquareFill: Bool { kind == .fill && (cornerRadius == 0 || corners.isEmpty) }
    /// True for an opaque fill with square corners that covers all of `area`: nothing drawn before it shows
    /// there (`XRenderRenderer.isOpaqueCover(_:of:)` asks this of a command).
    func isOpaqueCover(of area: Rect) -> Bool { isSquareFill && color.alpha >= 1 && rect.contains(area) }
}

extension XRenderRenderer {
    /// Index of the matching pop for every push (the list's count when unmatched); other entries unused.
    static func groupEnds(of commands: [CommandSummary]) -> [Int] {
        var ends = [Int](repeating: commands.count, count: commands.count)
        var open: [Int] = []
        for (index, command) in commands.enumerated() {
            if command.isPush {
                open.append(index)
            } else if command.isGroupMarker, let start = open.popLast() {
                ends[start] = index
            }
        }
        return ends
    }

    /// Appends the summary of each of `commands` to `summaries`. Each command is read where it lies in the
    /// list's storage: iterating the list, or mapping it, would copy every command out first (retaining and
    /// releasing a text's layout), twice.
    nonisolated static func summarize(_ commands: [DisplayCommand], into summaries: inout [CommandSummary]) {
        summaries.reserveCapacity(summaries.count + commands.count)
        commands.withUnsafeBufferPointer { commands in
            for index in commands.indices { summaries.append(CommandSummary(commands[index])) }
        }
    }

    /// Whether `commands` open a rasterized group.
    nonisolated static func holdsRasterizedGroup(_ commands: ArraySlice<CommandSummary>) -> Bool {
        commands.contains { $0.kind == .pushRasterized }
    }
}

extension Array where Element == DisplayCommand {
    /// The summary of each command, in order.
    var summaries: [CommandSummary] {
        var summaries: [CommandSummary] = []
        XRenderRenderer.summarize(self, into: &summaries)
        return summaries
    }
}

extension Collection where Element == CommandSummary {
    /// How many of the commands draw something (are not group markers).
    var drawingCount: Int { count { !$0.isGroupMarker } }
}
