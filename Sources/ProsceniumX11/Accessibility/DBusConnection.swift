import CDBus
import Dispatch

/// A private connection to one D-Bus bus through libdbus, run by the main queue: Dispatch sources watch
/// its socket and time its pending calls, incoming method calls on the registered paths reach `handler`
/// and the signals its match rules ask for `signalHandler`. Only connecting (the bus's Hello),
/// `requestName` and `blockingSessionString` (which is for a background thread) wait for the bus.
@MainActor final class DBusConnection {
    /// A method call received, and its reply.
    struct Call {
        let message: OpaquePointer
        let path: String
        let interface: String
        let member: String
        let arguments: DBusArguments
    }

    let pointer: OpaquePointer
    /// This connection's unique name on the bus.
    let uniqueName: String
    /// Answers method calls to the registered paths.
    var handler: ((Call) -> Void)?
    /// Hears the signals the connection's match rules (`addMatch`) ask for.
    var signalHandler: ((Signal) -> Void)?

    /// A signal received: who sent it from where, and its arguments.
    struct Signal {
        let path: String
        let interface: String
        let member: String
        let arguments: DBusArguments
    }
    /// What libdbus's callbacks reach this connection through: it forgets the connection as it goes.
    private let reference = ConnectionReference()
    /// The reference the signal filter holds, to remove the filter with.
    private var signalFilterData: UnsafeMutableRawPointer?
    private var registeredPaths: [String] = []

    /// Connects to the bus at `address` and says hello; nil, quietly, when it cannot.
    init?(address: String) {
        guard DBusLibrary.open() else { return nil }
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let connection = dbus_connection_open_private(address, &error) else { return nil }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        guard dbus_bus_register(connection, &error) != 0, let name = dbus_bus_get_unique_name(connection) else {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            return nil
        }
        pointer = connection
        uniqueName = String(cString: name)
        reference.connection = self
        installRunLoop()
        installSignalFilter()
        // What arrived with the hello (the NameAcquired signal) is waiting already: the status function
        // hears only of changes.
        DispatchQueue.main.async { [weak self] in MainActor.assumeIsolated { self?.drain() } }
    }

    isolated deinit {
        // Nothing of libdbus may call back into this object once it is gone: the callback tables are
        // replaced first (libdbus removes the watches and timeouts, which cancels their sources, and
        // releases the tables' references), the signal filter removed (releasing its reference) and the
        // object paths unregistered.
        dbus_connection_set_dispatch_status_function(pointer, nil, nil, nil)
        if let signalFilterData { dbus_connection_remove_filter(pointer, Self.signalFilter, signalFilterData) }
        _ = dbus_connection_set_watch_functions(pointer, nil, nil, nil, nil, nil)
        _ = dbus_connection_set_timeout_functions(pointer, nil, nil, nil, nil, nil)
        for path in registeredPaths { _ = dbus_connection_unregister_object_path(pointer, path) }
        dbus_connection_close(pointer)
        dbus_connection_unref(pointer)
        reference.connection = nil
    }

    /// Routes calls to `prefix` and every path under it, and to `paths`, to `handler`.
    func register(fallback prefix: String, paths: [String]) {
        var vtable = DBusObjectPathVTable()
        vtable.message_function = { _, message, data in
            guard let message, let data, dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_METHOD_CALL else {
                return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
            }
            let handled = MainActor.assumeIsolated {
                Unmanaged<DBusConnection>.fromOpaque(data).takeUnretainedValue().receive(message)
            }
            return handled ? DBUS_HANDLER_RESULT_HANDLED : DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        }
        let data = Unmanaged.passUnretained(self).toOpaque()
        if dbus_connection_register_fallback(pointer, prefix, &vtable, data) != 0 { registeredPaths.append(prefix) }
        for path in paths where dbus_connection_register_object_path(pointer, path, &vtable, data) != 0 {
            registeredPaths.append(path)
        }
    }

    private func receive(_ message: OpaquePointer) -> Bool {
        guard let handler, let path = dbus_message_get_path(message), let member = dbus_message_get_member(message) else { return false }
        let interface = dbus_message_get_interface(message).map { String(cString: $0) } ?? ""
        handler(Call(message: message, path: String(cString: path), interface: interface, member: String(cString: member),
                     arguments: DBusArguments(message)))
        return true
    }

    // MARK: - Sending

    /// Replies to `call` with what `body` writes.
    func reply(to call: Call, _ body: (DBusMessageWriter) -> Void = { _ in }) {
        guard let reply = dbus_message_new_method_return(call.message) else { return }
        DBusMessageWriter.appending(to: reply, body)
        send(reply)
    }

    /// Replies to `call` with the error `name` (a D-Bus error name) saying `text`.
    func replyError(to call: Call, _ name: String, _ text: String) {
        guard let reply = dbus_message_new_error(call.message, name, text) else { return }
        send(reply)
    }

    /// Sends the signal `interface.member` from `path` with what `body` writes.
    func emit(path: String, interface: String, member: String, _ body: (DBusMessageWriter) -> Void) {
        guard let signal = dbus_message_new_signal(path, interface, member) else { return }
        DBusMessageWriter.appending(to: signal, body)
        send(signal)
    }

    /// Calls `destination`'s `interface.member` at `path` with what `body` writes; `reply` gets the answer's
    /// arguments, or nil for an error or no answer within `timeout` seconds (two by default).
    func call(destination: String, path: String, interface: String, member: String, timeout: Double = 2,
              _ body: (DBusMessageWriter) -> Void, reply: @escaping @MainActor (OpaquePointer?) -> Void) {
        guard let message = dbus_message_new_method_call(destination, path, interface, member) else { return reply(nil) }
        DBusMessageWriter.appending(to: message, body)
        var pending: OpaquePointer?
        defer { dbus_message_unref(message) }
        guard dbus_connection_send_with_reply(pointer, message, &pending, Int32(timeout * 1000)) != 0, let pending else { return reply(nil) }
        let box = Unmanaged.passRetained(ReplyBox(reply)).toOpaque()
        _ = dbus_pending_call_set_notify(pending, { pending, data in
            guard let pending, let data else { return }
            let answer = dbus_pending_call_steal_reply(pending)
            MainActor.assumeIsolated {
                let box = Unmanaged<ReplyBox>.fromOpaque(data).takeUnretainedValue()
                let isError = answer.map { dbus_message_get_type($0) == DBUS_MESSAGE_TYPE_ERROR } ?? true
                box.reply(isError ? nil : answer)
            }
            if let answer { dbus_message_unref(answer) }
            dbus_pending_call_unref(pending)
        }, box, { Unmanaged<ReplyBox>.fromOpaque($0!).release() })
    }

    private func send(_ message: OpaquePointer) {
        _ = dbus_connection_send(pointer, message, nil)
        dbus_message_unref(message)
    }

    /// Asks the bus for the name `name` (a service's well-known name); whether this connection owns it now.
    func requestName(_ name: String) -> Bool {
        // DBUS_NAME_FLAG_DO_NOT_QUEUE; DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER.
        dbus_bus_request_name(pointer, name, 4, nil) == 1
    }

    /// Hands the signals that arrive to `signalHandler` (method calls go on to the registered paths).
    private func installSignalFilter() {
        let release: DBusFreeFunction = { Unmanaged<ConnectionReference>.fromOpaque($0!).release() }
        let data = Unmanaged.passRetained(reference).toOpaque()
        if dbus_connection_add_filter(pointer, Self.signalFilter, data, release) != 0 {
            signalFilterData = data
        } else {
            Unmanaged<ConnectionReference>.fromOpaque(data).release()
        }
    }

    /// The filter `installSignalFilter` adds, kept so that `deinit` can take the same one away.
    private nonisolated static let signalFilter: DBusHandleMessageFunction = { _, message, data in
        guard let message, let data, dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_SIGNAL else {
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        }
        // libdbus calls filters from `dbus_connection_dispatch`, which only `drain` calls, on the main queue.
        let signal = UnsafeSendablePointer(UnsafeMutableRawPointer(message)), reference = UnsafeSendablePointer(data)
        MainActor.assumeIsolated {
            ConnectionReference.from(reference.pointer).connection?.receiveSignal(OpaquePointer(signal.pointer))
        }
        return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
    }

    private func receiveSignal(_ message: OpaquePointer) {
        guard let signalHandler, let path = dbus_message_get_path(message), let member = dbus_message_get_member(message),
              let interface = dbus_message_get_interface(message) else { return }
        signalHandler(Signal(path: String(cString: path), interface: String(cString: interface), member: String(cString: member),
                             arguments: DBusArguments(message)))
    }

    /// Adds a match rule for signals this connection wants (`type='signal',interface=…`).
    func addMatch(_ rule: String) {
        dbus_bus_add_match(pointer, rule, nil)
    }

    // MARK: - The run loop

    private func installRunLoop() {
        // Each callback table holds its own reference, released by libdbus when the table is replaced
        // (see `deinit`); a handler already queued keeps it alive and finds the connection gone.
        func retained() -> UnsafeMutableRawPointer { Unmanaged.passRetained(reference).toOpaque() }
        let release: DBusFreeFunction = { Unmanaged<ConnectionReference>.fromOpaque($0!).release() }
        _ = dbus_connection_set_watch_functions(pointer, { watch, data in
            guard let watch, let data else { return 0 }
            dbus_watch_set_data(watch, Unmanaged.passRetained(SourceBox()).toOpaque()) { Unmanaged<SourceBox>.fromOpaque($0!).release() }
            MainActor.assumeIsolated { DBusConnection.arm(watch: watch, for: ConnectionReference.from(data)) }
            return 1
        }, { watch, _ in
            guard let watch, let box = dbus_watch_get_data(watch) else { return }
            MainActor.assumeIsolated { Unmanaged<SourceBox>.fromOpaque(box).takeUnretainedValue().cancel() }
        }, { watch, data in
            guard let watch, let data else { return }
            MainActor.assumeIsolated { DBusConnection.arm(watch: watch, for: ConnectionReference.from(data)) }
        }, retained(), release)
        _ = dbus_connection_set_timeout_functions(pointer, { timeout, data in
            guard let timeout, let data else { return 0 }
            dbus_timeout_set_data(timeout, Unmanaged.passRetained(SourceBox()).toOpaque()) { Unmanaged<SourceBox>.fromOpaque($0!).release() }
            MainActor.assumeIsolated { DBusConnection.arm(timeout: timeout, for: ConnectionReference.from(data)) }
            return 1
        }, { timeout, _ in
            guard let timeout, let box = dbus_timeout_get_data(timeout) else { return }
            MainActor.assumeIsolated { Unmanaged<SourceBox>.fromOpaque(box).takeUnretainedValue().cancel() }
        }, { timeout, data in
            guard let timeout, let data else { return }
            MainActor.assumeIsolated { DBusConnection.arm(timeout: timeout, for: ConnectionReference.from(data)) }
        }, retained(), release)
        dbus_connection_set_dispatch_status_function(pointer, { _, status, data in
            guard status == DBUS_DISPATCH_DATA_REMAINS, let data else { return }
            // Never dispatched from inside libdbus: on the next turn of the main queue.
            let reference = ConnectionReference.from(data)
            DispatchQueue.main.async { MainActor.assumeIsolated { reference.connection?.drain() } }
        }, retained(), release)
    }

    /// Starts (or stops) the Dispatch source for `watch` as libdbus enables it; what it reads is handled
    /// at once by the connection, while it lives.
    private static func arm(watch: OpaquePointer, for reference: ConnectionReference) {
        guard let data = dbus_watch_get_data(watch) else { return }
        let box = Unmanaged<SourceBox>.fromOpaque(data).takeUnretainedValue()
        box.cancel()
        guard dbus_watch_get_enabled(watch) != 0 else { return }
        let descriptor = dbus_watch_get_unix_fd(watch)
        let writes = dbus_watch_get_flags(watch) & DBUS_WATCH_WRITABLE.rawValue != 0
        let source: DispatchSourceProtocol = writes
            ? DispatchSource.makeWriteSource(fileDescriptor: descriptor, queue: .main)
            : DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
        let flag = writes ? DBUS_WATCH_WRITABLE.rawValue : DBUS_WATCH_READABLE.rawValue
        let handle = UnsafeSendablePointer(UnsafeMutableRawPointer(watch))
        source.setEventHandler {
            guard let connection = reference.connection else { return }
            _ = dbus_watch_handle(OpaquePointer(handle.pointer), flag)
            connection.drain()
        }
        source.resume()
        box.source = source
    }

    /// Starts (or stops) the timer for `timeout` as libdbus enables it (a pending call's deadline).
    private static func arm(timeout: OpaquePointer, for reference: ConnectionReference) {
        guard let data = dbus_timeout_get_data(timeout) else { return }
        let box = Unmanaged<SourceBox>.fromOpaque(data).takeUnretainedValue()
        box.cancel()
        guard dbus_timeout_get_enabled(timeout) != 0 else { return }
        let interval = DispatchTimeInterval.milliseconds(Int(max(1, dbus_timeout_get_interval(timeout))))
        let handle = UnsafeSendablePointer(UnsafeMutableRawPointer(timeout))
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler {
            guard let connection = reference.connection else { return }
            _ = dbus_timeout_handle(OpaquePointer(handle.pointer))
            connection.drain()
        }
        timer.resume()
        box.source = timer
    }

    /// Handles every message that has arrived.
    func drain() {
        while dbus_connection_dispatch(pointer) == DBUS_DISPATCH_DATA_REMAINS {}
    }

    // MARK: - Before a connection

    /// Calls `member` on the session bus and returns its string answer; nil without a session bus or an
    /// answer within five seconds (the bus may be starting the service). Blocks: for a background thread.
    nonisolated static func blockingSessionString(destination: String, path: String, interface: String, member: String) -> String? {
        guard DBusLibrary.open() else { return nil }
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let session = dbus_bus_get_private(DBUS_BUS_SESSION, &error) else { return nil }
        dbus_connection_set_exit_on_disconnect(session, 0)
        defer {
            dbus_connection_close(session)
            dbus_connection_unref(session)
        }
        guard let message = dbus_message_new_method_call(destination, path, interface, member) else { return nil }
        defer { dbus_message_unref(message) }
        guard let reply = dbus_connection_send_with_reply_and_block(session, message, 5000, &error) else { return nil }
        defer { dbus_message_unref(reply) }
        return DBusArguments(reply).string(0)
    }
}

/// A Dispatch source kept with a libdbus watch or timeout.
private final class SourceBox {
    var source: DispatchSourceProtocol?
    // libdbus frees the box with its watch or timeout: the source must not outlive it.
    deinit { source?.cancel() }
    func cancel() {
        source?.cancel()
        source = nil
    }
}

/// What a pending call's answer goes to.
@MainActor private final class ReplyBox {
    let reply: @MainActor (OpaquePointer?) -> Void
    init(_ reply: @escaping @MainActor (OpaquePointer?) -> Void) { self.reply = reply }
}

/// The connection libdbus's callbacks act on, while it lives; only used on the main queue.
private final class ConnectionReference: @unchecked Sendable {
    weak var connection: DBusConnection?

    static func from(_ data: UnsafeMutableRawPointer) -> ConnectionReference {
        Unmanaged<ConnectionReference>.fromOpaque(data).takeUnretainedValue()
    }
}

/// A pointer handed to the main queue: only ever read there.
private struct UnsafeSendablePointer: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
    init(_ pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
}
