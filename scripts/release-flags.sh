#!/bin/sh
# Prints the extra `swift build` flags release builds use where the toolchain ships ld.lld next to swiftc;
# elsewhere nothing, and the default link.
#
# - Every function gets its own section (`-function-sections`), and lld lays out first, side by side, the
#   functions scripts/release-symbol-order.txt names: those the demo runs (scripts/symbol-order.sh
#   records them). The kernel maps code 64 kB at a time around each page a program touches, so spread
#   over the whole of `.text` they would keep most of it resident.
# - Where glibc is 2.36 or later, lld packs the relative relocations (`-z pack-relative-relocs`, DT_RELR):
#   a statically linked Swift program carries over a megabyte of them, which the loader would read at
#   every launch. An older loader would start the program with its pointers unrelocated.
swiftc=$(command -v swiftc) || exit 0
[ -x "$(dirname "$swiftc")/ld.lld" ] || exit 0
flags="-Xswiftc -use-ld=lld -Xswiftc -Xfrontend -Xswiftc -function-sections"
order="$(CDPATH='' cd -- "$(dirname "$0")" >/dev/null && pwd)/release-symbol-order.txt"
# Names of functions since renamed or removed are no error: their lines match nothing. The flags are
# split at spaces where they are used, so a path with one goes without ordering.
case "$order" in
    *[[:space:]]*) ;;
    *) [ -f "$order" ] && flags="$flags -Xlinker --symbol-ordering-file=$order -Xlinker --no-warn-symbol-ordering" ;;
esac
version=$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{print $2}')
major=${version%%.*}
minor=${version#*.}
minor=${minor%%.*}
case "$major$minor" in
    *[!0-9]*|"") ;;
    *) if [ "$major" -gt 2 ] || { [ "$major" -eq 2 ] && [ "$minor" -ge 36 ]; }; then
           flags="$flags -Xlinker -z -Xlinker pack-relative-relocs"
       fi ;;
esac
echo "$flags"
