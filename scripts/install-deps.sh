#!/usr/bin/env bash
# Installs the Debian packages Proscenium needs to build, test and run, if any are missing.
set -euo pipefail

if ! command -v swift >/dev/null; then
    echo "swift is not on PATH: install the Swift 6 toolchain (swift.org) and try again" >&2
    exit 1
fi

# libjpeg62-turbo-dev decodes the JPEG images an app shows (libpng-dev its PNGs).
# x11-utils gives xdpyinfo, which scripts/demo.sh uses to tell whether $DISPLAY really answers.
# x11-xkb-utils (setxkbmap), xclip and xdotool let the keyboard and clipboard tests switch layouts, read and
# set the CLIPBOARD as another client, and close or unmap the window as a user would.
# openbox is the real window manager the window-manager tests run the demo under; libxres-dev lets the soak
# count what the demo holds in the X server. xserver-xephyr with Mesa's GL drivers (software rendering is
# enough) is the glamor server the glamor tests and scripts/glamor-compare.sh draw on: RENDER in OpenGL, as
# Xorg does it on most desktops, where Xvfb's is pixman. dbus, at-spi2-core and python3-pyatspi (a client no one
# here wrote) let the accessibility tests start a private session bus and read the demo as a screen reader
# does; the AT-SPI bridge opens dbus's libdbus-1 only when an accessibility bus answers.
packages=(libx11-dev libxrender-dev libxft-dev libxext-dev libxtst-dev libxi-dev libxres-dev libpng-dev libjpeg62-turbo-dev pkg-config xvfb x11-utils
          fonts-dejavu-core openbox x11-xkb-utils xclip xdotool xserver-xephyr libgl1-mesa-dri
          dbus at-spi2-core python3-pyatspi)
missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing packages: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
