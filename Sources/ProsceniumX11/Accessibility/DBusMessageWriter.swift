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
        _ = dbus_message_iter_append_basic(iterator, CDBUS_TYPE_INT32, &value)
    }

    func uint32(_ value: UInt32) {
        var value = value
        _ = dbus_message_iter_append_basic(iterator, CDBUS_TYPE_UINT32, &value)
    }

    func int16(_ value: Int16) {
        var value = value
        _ = dbus_message_iter_append_basic(iterator, CDBUS_TYPE_INT16, &value)
    }

    func bool(_ value: Bool) {
        var value: dbus_bool_t = value ? 1 : 0
        _ = dbus_message_iter_append_basic(iterator, CDBUS_TYPE_BOOLEAN, &value)
    }

    func double(_ value: Double) {
        var value = value
        _ = dbus_message_iter_append_basic(iterator, CDBUS_TYPE_DOUBLE, &value)
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
            _ = dbus_message_iter_open_container(iterator, type, nil, &sub)
        }
        withUnsafeMutablePointer(to: &sub) { body(DBusMessageWriter($0)) }
        _ = dbus_message_iter_close_container(iterator, &sub)
    }
}
