import Dispatch
import Glibc
import Proscenium

/// Serves a window's views to screen readers over AT-SPI: it registers the application with the
/// accessibility bus's registry and answers the Accessible, Application, Component, Action, Text,
/// EditableText, Value, Selection and Collection interfaces from the core's `AccessibilityTree`, rebuilt
/// after a frame changed something. What changed (children, focus, names, values, text and the caret,
/// states, the window's activation) is sent as AT-SPI events at most ten times a second, and nothing at
/// all while nothing changes. Off, silently, when no accessibility bus can be reached or
/// `PROSCENIUM_A11Y=0`.
@MainActor public final class AccessibilityBridge {
    let connection: DBusConnection
    weak var window: Window?
    /// What the application is called (the root's name).
    let applicationName: String
    /// The window's origin on the screen and its device pixels per point, for extents.
    let geometry: @MainActor () -> (origin: Point, scale: Double)
    /// The registry's root, our root's parent, once embedded.
    var registryRoot = ("", ATSPI.nullPath)
    /// Set from an Embed sent until its answer (or the last retry's) has come.
    private var isEmbedding = false
    /// The id the registry gave the application.
    var applicationId: Int32 = 0
    private var currentTree: AccessibilityTree?
    /// The tree the last events described.
    var publishedTree: AccessibilityTree?
    var publishedKeyWindow = false
    var eventsScheduled = false
    /// How long after a frame the events describing it go out: frames in between join them.
    static let eventDelay = 0.1

    /// Finds the accessibility bus — `AT_SPI_BUS_ADDRESS`, else the session bus's `org.a11y.Bus`, asked off
    /// the main thread — and, when one answers, calls `started` on the main queue with a bridge serving
    /// `window`. Nothing happens without a bus, or with `PROSCENIUM_A11Y=0`.
    public static func start(window: Window, applicationName: String,
                             geometry: @escaping @MainActor () -> (origin: Point, scale: Double),
                             started: @escaping @MainActor (AccessibilityBridge) -> Void) {
        if let setting = getenv("PROSCENIUM_A11Y"), String(cString: setting) == "0" { return }
        let connect: @MainActor (String) -> Void = { [weak window] address in
            guard let window, let connection = DBusConnection(address: address) else { return }
            started(AccessibilityBridge(connection: connection, window: window, applicationName: applicationName, geometry: geometry))
        }
        if let address = getenv("AT_SPI_BUS_ADDRESS").map({ String(cString: $0) }), !address.isEmpty {
            return connect(address)
        }
        guard let session = getenv("DBUS_SESSION_BUS_ADDRESS"), session.pointee != 0 else { return }
        // Asking the session bus blocks (it may start the bus launcher): not on the main thread.
        DispatchQueue.background("accessibility-bus", qos: .utility).async {
            let address = DBusConnection.blockingSessionString(destination: "org.a11y.Bus", path: "/org/a11y/bus",
                                                               interface: "org.a11y.Bus", member: "GetAddress")
            guard let address, !address.isEmpty else { return }
            DispatchQueue.main.async { MainActor.assumeIsolated { connect(address) } }
        }
    }

    private init(connection: DBusConnection, window: Window, applicationName: String,
                 geometry: @escaping @MainActor () -> (origin: Point, scale: Double)) {
        self.connection = connection
        self.window = window
        self.applicationName = applicationName
        self.geometry = geometry
        connection.handler = { [weak self] call in self?.handle(call) }
        connection.register(fallback: ATSPI.pathPrefix, paths: [ATSPI.cachePath])
        connection.addMatch("type='signal',sender='\(ATSPI.registryName)',interface='\(ATSPI.socket)',member='Available'")
        // A registry that starts again (it crashed, or the session restarted it) announces itself, and
        // knows no application until each embeds itself anew. One started by our own Embed announces
        // itself before it answers that Embed: embedding again then would list the app twice.
        connection.signalHandler = { [weak self] signal in
            guard let self, signal.interface == ATSPI.socket, signal.member == "Available", !isEmbedding else { return }
            embed()
        }
        embed()
        publishedTree = tree
        // The window's activation goes out with the first events, so a screen reader already running
        // knows which application is in front.
        publishedKeyWindow = false
        windowDidChange()
    }

    /// Registers the application's root with the registry, whose root becomes its parent. The registry may
    /// still be starting (the bus starts it on first use): without an answer, asks again a second later,
    /// a few times.
    private func embed(attempt: Int = 1) {
        isEmbedding = true
        connection.call(destination: ATSPI.registryName, path: ATSPI.rootPath, interface: ATSPI.socket, member: "Embed", { writer in
            writer.reference(connection.uniqueName, ATSPI.rootPath)
        }, reply: { [weak self] reply in
            guard let self else { return }
            isEmbedding = false
            if let reply, let reference = DBusArguments(reply).reference(0) {
                // Written back as an object path: anything else would make libdbus abort.
                registryRoot = Self.isObjectPath(reference.1) ? reference : ("", ATSPI.nullPath)
            } else if attempt < Self.embedAttempts {
                isEmbedding = true
                DispatchQueue.main.asyncAfter(deadline: .now() + 1) { [weak self] in
                    MainActor.assumeIsolated { self?.embed(attempt: attempt + 1) }
                }
            }
        })
    }

    /// Whether `path` is a valid D-Bus object path: `/`, or `/`-separated non-empty `[A-Za-z0-9_]` elements.
    static func isObjectPath(_ path: String) -> Bool {
        guard path.first == "/" else { return false }
        if path == "/" { return true }
        return path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).allSatisfy { element in
            !element.isEmpty && element.utf8.allSatisfy { $0 == UInt8(ascii: "_") || (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }
        }
    }

    /// How many times the bridge asks the registry to take the application.
    static let embedAttempts = 5

    /// The tree as of the last frame.
    var tree: AccessibilityTree? {
        if currentTree == nil, let window { currentTree = AccessibilityTree(window: window) }
        return currentTree
    }

    /// Called after each frame the window drew, and when it gained or lost the keyboard: the tree is
    /// read again when next asked, and what changed goes out as events shortly.
    public func windowDidChange() {
        currentTree = nil
        guard !eventsScheduled else { return }
        eventsScheduled = true
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.eventDelay) { [weak self] in
            MainActor.assumeIsolated { self?.sendEvents() }
        }
    }

    /// Runs `change` on the tree on the main queue's next turn, after the reply that asked for it has gone
    /// out, as a user's input would arrive; the tree is read again afterwards even when the change draws
    /// nothing (a stepper showing no count).
    func afterReply(_ change: @escaping @MainActor (AccessibilityTree) -> Void) {
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self, let tree = self.tree else { return }
                change(tree)
                self.windowDidChange()
            }
        }
    }

    // MARK: - Paths

    /// The path of node `id`; the window's node is under the application's root.
    func path(of id: UInt64?) -> String {
        guard let id else { return ATSPI.nullPath }
        return "\(ATSPI.pathPrefix)/\(id)"
    }

    /// The node a path names: nil for the application's root (and `.unknown` for a path naming nothing).
    enum Target {
        case application
        case node(AccessibilityNode, AccessibilityTree)
        case unknown
    }

    func target(of path: String) -> Target {
        if path == ATSPI.rootPath { return .application }
        guard path.hasPrefix(ATSPI.pathPrefix + "/"), let id = UInt64(path.dropFirst(ATSPI.pathPrefix.count + 1)),
              let tree, let node = tree[id] else { return .unknown }
        return .node(node, tree)
    }
}
