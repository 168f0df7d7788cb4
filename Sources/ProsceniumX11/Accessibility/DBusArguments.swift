import CDBus

/// A method call's arguments, read by type: each reader answers nil when the argument is missing or of
/// another type, so a malformed call gets an error reply rather than a crash. Containers are read to a
/// bounded depth and length, so a hostile message cannot make reading it costly.
struct DBusArguments {
    /// The arguments in order; a value of a type not read (a file descriptor, a too-deep container) is nil.
    let values: [Value?]

    indirect enum Value {
        case string(String)
        case int32(Int32)
        case uint32(UInt32)
        case bool(Bool)
        case double(Double)
        /// A structure's fields, or a dictionary entry's key and value.
        case structure([Value?])
        case array([Value?])
    }

    /// How deep containers are read, and how many of their elements.
    private static let maximumDepth = 6, maximumCount = 256

    init(_ message: OpaquePointer) {
        var iterator = DBusMessageIter()
        var values: [Value?] = []
        if dbus_message_iter_init(message, &iterator) != 0 {
            values = Self.readAll(&iterator, depth: 0)
        }
        self.values = values
    }

    private static func readAll(_ iterator: UnsafeMutablePointer<DBusMessageIter>, depth: Int) -> [Value?] {
        var values: [Value?] = []
        guard dbus_message_iter_get_arg_type(iterator) != CDBUS_TYPE_INVALID else { return values }
        repeat {
            values.append(read(iterator, depth: depth))
        } while dbus_message_iter_next(iterator) != 0 && values.count < maximumCount
        return values
    }

    private static func read(_ iterator: UnsafeMutablePointer<DBusMessageIter>, depth: Int) -> Value? {
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
        case CDBUS_TYPE_STRUCT where depth < maximumDepth, CDBUS_TYPE_DICT_ENTRY where depth < maximumDepth,
             CDBUS_TYPE_ARRAY where depth < maximumDepth:
            let isArray = dbus_message_iter_get_arg_type(iterator) == CDBUS_TYPE_ARRAY
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(iterator, &inner)
            let values = readAll(&inner, depth: depth + 1)
            return isArray ? .array(values) : .structure(values)
        case CDBUS_TYPE_VARIANT where depth < maximumDepth:
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(iterator, &inner)
            return read(&inner, depth: depth + 1)
        default:
            return nil
        }
    }

    func string(_ index: Int) -> String? { Self.string(value(index)) }
    func int32(_ index: Int) -> Int32? { Self.int32(value(index)) }
    func bool(_ index: Int) -> Bool? {
        guard case let .bool(value)? = value(index) else { return nil }
        return value
    }

    func uint32(_ index: Int) -> UInt32? {
        guard case let .uint32(value)? = value(index) else { return nil }
        return value
    }

    /// A `(so)` reference: a bus name and an object path.
    func reference(_ index: Int) -> (String, String)? {
        guard case let .structure(fields)? = value(index), fields.count == 2,
              let bus = Self.string(fields[0]), let path = Self.string(fields[1]) else { return nil }
        return (bus, path)
    }

    func double(_ index: Int) -> Double? {
        switch value(index) {
        case let .double(value)?: return value
        case let .int32(value)?: return Double(value)
        default: return nil
        }
    }

    func value(_ index: Int) -> Value? { index >= 0 && index < values.count ? values[index] : nil }

    static func string(_ value: Value?) -> String? {
        guard case let .string(string)? = value else { return nil }
        return string
    }

    static func int32(_ value: Value?) -> Int32? {
        guard case let .int32(number)? = value else { return nil }
        return number
    }
}
