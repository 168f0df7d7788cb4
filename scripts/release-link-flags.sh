#!/bin/sh
# Prints the extra `swift build` flags release builds link with: the toolchain's lld packing relative
# relocations (`-z pack-relative-relocs`, DT_RELR). Only where glibc applies packed relocations (2.36 and
# later; an older loader would start the program with its pointers unrelocated) and the toolchain ships
# ld.lld next to swiftc; elsewhere nothing, and the default link.
swiftc=$(command -v swiftc) || exit 0
[ -x "$(dirname "$swiftc")/ld.lld" ] || exit 0
version=$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{print $2}')
major=${version%%.*}
minor=${version#*.}
minor=${minor%%.*}
case "$major$minor" in *[!0-9]*|"") exit 0 ;; esac
if [ "$major" -gt 2 ] || { [ "$major" -eq 2 ] && [ "$minor" -ge 36 ]; }; then
    echo "-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs"
fi
