import CDBus

/// Appends values to a D-Bus message through libdbus's iterator (its variadic helpers do not reach Swift).
struct DBusMessageWriter {
    private let iterator: UnsafeMutablePointer<DBusMessageIter>

    init(_ iterator: UnsafeMutablePointer<DBusMessageIter>) { self.iterator = iterator }

    /// Writes into `message` from its start (or after what it holds).
    static func appending(to message: OpaquePointer, _ body: (DBusMessageWriter) -> Void) {
        var iterator = DBusMessageIter()
        dbus_message_iter_init_append(message, &iterator)
        withUnsafeMutablePointer(to: &iterator) { body(DBusMessageWriter($0)) }
    }

    func string(_ value: String) { basic(value, type: CDBUS_TYPE_STRING) }
    func objectPath(_ value: String) { basic(value, type: CDBUS_TYPE_OBJECT_PATH) }

    func int32(_ value: Int32) {
        var value = value
        dbus_message_iter_append_basic(iterator, CDBUS_TYPE_INT32, &value)
    }

    func uint32(_ value: UInt32) {
        var value = value
        dbus_message_iter_append_basic(iterator, CDBUS_TYPE_UINT32, &value)
    }

    func int16(_ value: Int16) {
        var value = value
        dbus_message_iter_append_basic(iterator, CDBUS_TYPE_INT16, &value)
    }

    func bool(_ value: Bool) {
        var value: dbus_bool_t = value ? 1 : 0
        dbus_message_iter_append_basic(iterator, CDBUS_TYPE_BOOLEAN, &value)
    }

    func double(_ value: Double) {
        var value = value
        dbus_message_iter_append_basic(iterator, CDBUS_TYPE_DOUBLE, &value)
    }

    /// A `(so)` reference: a bus name and an object path.
    func reference(_ bus: String, _ path: String) {
        structure { $0.string(bus); $0.objectPath(path) }
    }

    func structure(_ body: (DBusMessageWriter) -> Void) { container(CDBUS_TYPE_STRUCT, signature: nil, body) }
    func array(of signature: String, _ body: (DBusMessageWriter) -> Void) { container(CDBUS_TYPE_ARRAY, signature: signature, body) }
    func variant(_ signature: String, _ body: (DBusMessageWriter) -> Void) { container(CDBUS_TYPE_VARIANT, signature: signature, body) }
    func dictEntry(_ body: (DBusMessageWriter) -> Void) { container(CDBUS_TYPE_DICT_ENTRY, signature: nil, body) }

    private func basic(_ value: String, type: Int32) {
        // D-Bus strings are UTF-8 without NUL: a NUL in the middle would end them early, so it goes.
        let clean = value.contains("\0") ? String(String.UnicodeScalarView(value.unicodeScalars.filter { $0 != "\0" })) : value
        clean.withCString { pointer in
            var pointer: UnsafePointer<CChar>? = pointer
            _ = dbus_message_iter_append_basic(iterator, type, &pointer)
        }
    }

    private func container(_ type: Int32, signature: String?, _ body: (DBusMessageWriter) -> Void) {
        var sub = DBusMessageIter()
        if let signature {
            signature.withCString { _ = dbus_message_iter_open_container(iterator, type, $0, &sub) }
        } else {
            dbus_message_iter_open_container(iterator, type, nil, &sub)
        }
        withUnsafeMutablePointer(to: &sub) { body(DBusMessageWriter($0)) }
        dbus_message_iter_close_container(iterator, &sub)
    }
}

/// A method call's arguments, read by type: each reader answers nil when the argument is missing or of
/// another type, so a malformed call gets an error reply rather than a crash.
struct DBusArguments {
    /// The arguments' basic values in order; containers other than variants of a basic value are left out as nil.
    let values: [Value?]

    enum Value {
        case string(String)
        case int32(Int32)
        case uint32(UInt32)
        case bool(Bool)
        case double(Double)
        case reference(String, String)
    }

    init(_ message: OpaquePointer) {
        var iterator = DBusMessageIter()
        var values: [Value?] = []
        if dbus_message_iter_init(message, &iterator) != 0 {
            repeat {
                values.append(Self.read(&iterator))
            } while dbus_message_iter_next(&iterator) != 0 && values.count < 16
        }
        self.values = values
    }

    private static func read(_ iterator: UnsafeMutablePointer<DBusMessageIter>) -> Value? {
        switch dbus_message_iter_get_arg_type(iterator) {
        case CDBUS_TYPE_STRING, CDBUS_TYPE_OBJECT_PATH:
            var pointer: UnsafePointer<CChar>?
            dbus_message_iter_get_basic(iterator, &pointer)
            return pointer.map { .string(String(cString: $0)) }
        case CDBUS_TYPE_INT32:
            var value: Int32 = 0
            dbus_message_iter_get_basic(iterator, &value)
            return .int32(value)
        case CDBUS_TYPE_UINT32:
            var value: UInt32 = 0
            dbus_message_iter_get_basic(iterator, &value)
            return .uint32(value)
        case CDBUS_TYPE_BOOLEAN:
            var value: dbus_bool_t = 0
            dbus_message_iter_get_basic(iterator, &value)
            return .bool(value != 0)
        case CDBUS_TYPE_DOUBLE:
            var value = 0.0
            dbus_message_iter_get_basic(iterator, &value)
            return .double(value)
        case CDBUS_TYPE_STRUCT:
            // Only a `(so)` reference is read; other structures count as missing.
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(iterator, &inner)
            guard case let .string(bus)? = read(&inner), dbus_message_iter_next(&inner) != 0,
                  case let .string(path)? = read(&inner) else { return nil }
            return .reference(bus, path)
        case CDBUS_TYPE_VARIANT:
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(iterator, &inner)
            return read(&inner)
        default:
            return nil
        }
    }

    func string(_ index: Int) -> String? {
        guard index < values.count, case let .string(value)? = values[index] else { return nil }
        return value
    }

    func int32(_ index: Int) -> Int32? {
        guard index < values.count, case let .int32(value)? = values[index] else { return nil }
        return value
    }

    func uint32(_ index: Int) -> UInt32? {
        guard index < values.count, case let .uint32(value)? = values[index] else { return nil }
        return value
    }

    func reference(_ index: Int) -> (String, String)? {
        guard index < values.count, case let .reference(bus, path)? = values[index] else { return nil }
        return (bus, path)
    }

    func double(_ index: Int) -> Double? {
        guard index < values.count else { return nil }
        switch values[index] {
        case let .double(value)?: return value
        case let .int32(value)?: return Double(value)
        default: return nil
        }
    }
}
