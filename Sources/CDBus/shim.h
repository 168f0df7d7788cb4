/* libdbus's types, as its public headers declare them (its ABI has not changed since 1.0), so that the
   AT-SPI bridge can open libdbus only when an accessibility bus answers (see DBusLibrary.swift): nothing
   links against it. */
#include <stdint.h>

typedef uint32_t dbus_uint32_t;
typedef uint32_t dbus_bool_t;

typedef struct DBusConnection DBusConnection;
typedef struct DBusMessage DBusMessage;
typedef struct DBusPendingCall DBusPendingCall;
typedef struct DBusWatch DBusWatch;
typedef struct DBusTimeout DBusTimeout;

typedef struct DBusError {
    const char *name;
    const char *message;
    unsigned int dummy1 : 1;
    unsigned int dummy2 : 1;
    unsigned int dummy3 : 1;
    unsigned int dummy4 : 1;
    unsigned int dummy5 : 1;
    void *padding1;
} DBusError;

typedef struct DBusMessageIter {
    void *dummy1;
    void *dummy2;
    dbus_uint32_t dummy3;
    int dummy4, dummy5, dummy6, dummy7, dummy8, dummy9, dummy10, dummy11;
    int pad1;
    void *pad2;
    void *pad3;
} DBusMessageIter;

typedef enum { DBUS_BUS_SESSION, DBUS_BUS_SYSTEM, DBUS_BUS_STARTER } DBusBusType;
typedef enum { DBUS_HANDLER_RESULT_HANDLED, DBUS_HANDLER_RESULT_NOT_YET_HANDLED, DBUS_HANDLER_RESULT_NEED_MEMORY } DBusHandlerResult;
typedef enum { DBUS_DISPATCH_DATA_REMAINS, DBUS_DISPATCH_COMPLETE, DBUS_DISPATCH_NEED_MEMORY } DBusDispatchStatus;
typedef enum { DBUS_WATCH_READABLE = 1 << 0, DBUS_WATCH_WRITABLE = 1 << 1, DBUS_WATCH_ERROR = 1 << 2, DBUS_WATCH_HANGUP = 1 << 3 } DBusWatchFlags;

typedef void (*DBusFreeFunction)(void *memory);
typedef dbus_bool_t (*DBusAddWatchFunction)(DBusWatch *watch, void *data);
typedef void (*DBusWatchToggledFunction)(DBusWatch *watch, void *data);
typedef void (*DBusRemoveWatchFunction)(DBusWatch *watch, void *data);
typedef dbus_bool_t (*DBusAddTimeoutFunction)(DBusTimeout *timeout, void *data);
typedef void (*DBusTimeoutToggledFunction)(DBusTimeout *timeout, void *data);
typedef void (*DBusRemoveTimeoutFunction)(DBusTimeout *timeout, void *data);
typedef void (*DBusDispatchStatusFunction)(DBusConnection *connection, DBusDispatchStatus new_status, void *data);
typedef void (*DBusPendingCallNotifyFunction)(DBusPendingCall *pending, void *user_data);
typedef void (*DBusObjectPathUnregisterFunction)(DBusConnection *connection, void *user_data);
typedef DBusHandlerResult (*DBusObjectPathMessageFunction)(DBusConnection *connection, DBusMessage *message, void *user_data);
typedef DBusHandlerResult (*DBusHandleMessageFunction)(DBusConnection *connection, DBusMessage *message, void *user_data);

typedef struct DBusObjectPathVTable {
    DBusObjectPathUnregisterFunction unregister_function;
    DBusObjectPathMessageFunction message_function;
    void (*dbus_internal_pad1)(void *);
    void (*dbus_internal_pad2)(void *);
    void (*dbus_internal_pad3)(void *);
    void (*dbus_internal_pad4)(void *);
} DBusObjectPathVTable;

static const int DBUS_MESSAGE_TYPE_METHOD_CALL = 1;
static const int DBUS_MESSAGE_TYPE_METHOD_RETURN = 2;
static const int DBUS_MESSAGE_TYPE_ERROR = 3;
static const int DBUS_MESSAGE_TYPE_SIGNAL = 4;

/* D-Bus's type codes. */
static const int CDBUS_TYPE_INVALID = 0;
static const int CDBUS_TYPE_STRING = 's';
static const int CDBUS_TYPE_OBJECT_PATH = 'o';
static const int CDBUS_TYPE_SIGNATURE = 'g';
static const int CDBUS_TYPE_INT32 = 'i';
static const int CDBUS_TYPE_UINT32 = 'u';
static const int CDBUS_TYPE_INT16 = 'n';
static const int CDBUS_TYPE_BOOLEAN = 'b';
static const int CDBUS_TYPE_DOUBLE = 'd';
static const int CDBUS_TYPE_VARIANT = 'v';
static const int CDBUS_TYPE_STRUCT = 'r';
static const int CDBUS_TYPE_ARRAY = 'a';
static const int CDBUS_TYPE_DICT_ENTRY = 'e';

#include "functions.h"
