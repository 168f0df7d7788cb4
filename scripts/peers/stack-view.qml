// The navigation scenario's Qt Quick peer: a settings-like list in a StackView under a 44-point bar, as the
// gallery's `navigation` scene shows it. A click on a row pushes its detail page; Back pops it. Both use
// StackView's own transitions (with the Basic style: the pages slide a full width, OutCubic, 400 ms), so that
// the peer is what a Qt Quick developer gets without writing any animation.
// Run: QT_QUICK_CONTROLS_STYLE=Basic QT_QUICK_BACKEND=software /usr/lib/qt6/bin/qml stack-view.qml
// scripts/navigation-side-by-side.py clicks at (640, 66), the first row's centre, and at (40, 22), Back's.
import QtQuick
import QtQuick.Controls

Window {
    width: 1280; height: 800
    // At the root's origin, so that XTest's root coordinates are the window's (there is no window manager).
    x: 0; y: 0
    visible: true
    title: "navigation (Qt Quick)"
    color: "#F2F2F7"

    // The bar: the top page's title centred, Back at the leading edge once there is somewhere to go back to.
    // A plain Rectangle rather than a ToolBar, so that the style adds no background or padding of its own.
    Rectangle {
        id: bar
        width: parent.width; height: 44
        z: 1  // over the pages, which StackView slides underneath
        color: "#F8F8F8"
        Label {
            anchors.centerIn: parent
            text: stack.currentItem ? stack.currentItem.title : ""
            font.pixelSize: 17; font.bold: true
            color: "#1C1C1E"
        }
        ToolButton {
            // 80 x 44 at the left edge: its centre is (40, 22), where the script clicks.
            x: 0; width: 80; height: 44
            text: "Back"
            font.pixelSize: 17
            palette.buttonText: "#007AFF"
            // No fill but a faint one while pressed, as a bar button has (Basic's is a grey box).
            background: Rectangle { color: parent.down ? "#0F000000" : "transparent" }
            visible: stack.depth > 1
            onClicked: stack.pop()
        }
        Rectangle { y: 43; width: parent.width; height: 1; color: "#B2B2B2" }  // the hairline under it
    }

    StackView {
        id: stack
        y: bar.height; width: parent.width; height: parent.height - bar.height
        initialItem: settings
    }

    // The root page: grey background, white 44-point rows with a label and an inset hairline each, the first
    // row right under the bar. A Column, not a ListView: seven rows never scroll, and this keeps the peer plain.
    Component {
        id: settings
        Rectangle {
            property string title: "Settings"
            color: "#F2F2F7"
            Column {
                width: parent.width
                Repeater {
                    model: ["General", "Display", "Sound", "Privacy", "Battery", "Storage", "About"]
                    delegate: Rectangle {
                        required property string modelData
                        width: parent.width; height: 44
                        color: "white"
                        Label {
                            x: 16; anchors.verticalCenter: parent.verticalCenter
                            text: parent.modelData
                            font.pixelSize: 17; color: "#1C1C1E"
                        }
                        Rectangle { x: 16; y: 43; width: parent.width - 16; height: 1; color: "#C6C6C8" }
                        MouseArea {
                            anchors.fill: parent
                            onClicked: stack.push(detail, { title: parent.modelData })
                        }
                    }
                }
            }
        }
    }

    // A row's page: its title large, a few lines of text and a button, on the same grey background.
    Component {
        id: detail
        Rectangle {
            property string title
            color: "#F2F2F7"
            Column {
                x: 16; y: 24; spacing: 12
                Label { text: title; font.pixelSize: 28; font.bold: true; color: "#1C1C1E" }
                Label { text: "The " + title.toLowerCase() + " settings of this device."; font.pixelSize: 17; color: "#1C1C1E" }
                Label { text: "Changes take effect at once."; font.pixelSize: 15; color: "#6C6C70" }
                Button { text: "Reset " + title; font.pixelSize: 17 }
            }
        }
    }
}
