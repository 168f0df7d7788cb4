#!/usr/bin/env bash
# Every public symbol of the three libraries has a documentation comment that says something.
# First DocC's coverage report, with what the compiler synthesizes or a protocol documents left out
# (operators, hash(into:), hashValue, init(rawValue:), rawValue, description, string-literal initializers a
# protocol supplies, conformance groups, extended types): prints the symbols without a comment. Then
# scripts/check-doc-summaries.swift on the symbol graphs that report was built from: prints, as file:line
# and symbol, every comment whose summary has fewer than three words besides a, an, the ("Itself.",
# "The moving mass.") or only repeats the symbol's name ("The corner radius of the sheet." on
# BottomSheetPresentationController.cornerRadius), since a coverage report counts those as documented.
# Fails when either printed anything. Part of `make docs`.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=0
# Symbol graphs written after this file are the ones this run's reports were built from.
stamp=$(mktemp)
trap 'rm -f "$stamp"' EXIT
for target in Proscenium ProsceniumX11 ProsceniumTesting; do
  report=$(swift package --disable-sandbox generate-documentation --target "$target" \
             --experimental-documentation-coverage --coverage-summary-level detailed 2>&1 | grep "doc://" || true)
  undocumented=$(printf '%s\n' "$report" | awk -F'|' '
    { name=$1; gsub(/^ +| +$/, "", name); kind=$2; gsub(/^ +| +$/, "", kind)
      abstract=$3; gsub(/ /, "", abstract); inherited=$4; gsub(/ /, "", inherited)
      if (abstract != "false" || inherited != "false") next
      if (kind == "CollectionGroup" || kind == "Operator" || kind ~ /^Extended/) next
      # The table cuts names at 30 characters: match the path of the symbol instead.
      if ($NF ~ /\/(hash\(into:\)|hashValue|init\(rawValue:\)|rawValue|description|debugDescription|init\(extendedGraphemeClusterLiteral:\)|init\(unicodeScalarLiteral:\))$/) next
      print "  " kind ": " $NF }')
  if [ -n "$undocumented" ]; then
    echo "$target: public symbols without documentation:"
    echo "$undocumented"
    missing=1
  fi
  graphs=()
  while IFS= read -r graph; do graphs+=("$graph"); done < <(
    find .build -path "*/extracted-symbols/*/$target/*.symbols.json" -newer "$stamp" | sort)
  if [ ${#graphs[@]} -eq 0 ]; then
    echo "$target: DocC wrote no symbol graph (did the build fail?); run: swift package --disable-sandbox generate-documentation --target $target"
    missing=1
    continue
  fi
  if ! empty=$(swift scripts/check-doc-summaries.swift "$target" "${graphs[@]}"); then
    echo "$target: documentation comments that say nothing (write what the symbol is for):"
    echo "$empty"
    missing=1
  fi
done
exit $missing
