#!/bin/sh
# Prints the extra `swift build` flags release builds use, when the toolchain ships ld.lld next to swiftc
# and glibc is 2.36 or later; elsewhere nothing, and the default link.
#
# - lld packs the relative relocations (`-z pack-relative-relocs`, DT_RELR): a statically linked Swift
#   program carries over a megabyte of them, which the loader would read at every launch. Only glibc 2.36
#   and later applies packed relocations; an older loader would start the program with its pointers
#   unrelocated.
# - Every function gets its own section (`-function-sections`), and lld lays out first, side by side, the
#   functions scripts/release-symbol-order.txt names: those the demo runs (scripts/symbol-order.sh
#   records them). The kernel maps code 64 kB at a time around each page a program touches, so spread
#   over the whole of `.text` they kept most of it resident.
swiftc=$(command -v swiftc) || exit 0
[ -x "$(dirname "$swiftc")/ld.lld" ] || exit 0
version=$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{print $2}')
major=${version%%.*}
minor=${version#*.}
minor=${minor%%.*}
case "$major$minor" in *[!0-9]*|"") exit 0 ;; esac
if [ "$major" -lt 2 ] || { [ "$major" -eq 2 ] && [ "$minor" -lt 36 ]; }; then exit 0; fi
flags="-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xswiftc -Xfrontend -Xswiftc -function-sections"
order="$(cd "$(dirname "$0")" && pwd)/release-symbol-order.txt"
# Names of functions since renamed or removed are no error: their lines match nothing.
[ -f "$order" ] && flags="$flags -Xlinker --symbol-ordering-file=$order -Xlinker --no-warn-symbol-ordering"
echo "$flags"
