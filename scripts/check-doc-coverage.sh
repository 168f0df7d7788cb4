#!/usr/bin/env bash
# Every public symbol of the three libraries has a documentation comment: DocC's coverage report, with
# what the compiler synthesizes or a protocol documents left out (operators, hash(into:), hashValue,
# init(rawValue:), rawValue, description, string-literal initializers a protocol supplies, conformance
# groups, extended types). Prints the ones missing
# and fails when there are any. Part of `make docs`.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=0
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
done
exit $missing
