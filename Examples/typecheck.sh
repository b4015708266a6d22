#!/usr/bin/env bash
# Examples/typecheck.sh: type-check Examples/GardenSync (a CKSyncEngine delegate) together with the
# Swift `cloudschema generate` writes for Schemas/Garden, as one module, against Apple's SDK with
# the shipping CKSyncEngine API, on Linux. Type-checking only: nothing is linked or run.
#
# Run from the project's root:  Examples/typecheck.sh
#
# WHAT IT NEEDS (Apple's SDK files are under Apple's licence: never commit them; keep them in /tmp)
#   - The SDKs ../shared/tools/apple-typecheck extracts (run it once first): $APPLE_SDK_ROOT
#     (default /tmp/apple-sdk) with iPhoneOS17.0.sdk, macOS14.0.sdk and swiftres/. They are
#     Xcode 15 *beta 1* SDKs, whose CloudKit Swift interface has CKSyncEngine's pre-release names
#     (`.save`/`.delete`, no `SendChangesOptions.scope`, ...).
#   - So the shipping CloudKit Swift interface replaces theirs:
#       CLOUDKIT_IOS_INTERFACE    default $APPLE_SDK_ROOT/cloudkit-17.5/arm64-apple-ios.swiftinterface
#         = iPhoneOS17.5.sdk/System/Library/Frameworks/CloudKit.framework/Modules/
#           CloudKit.swiftmodule/arm64-apple-ios.swiftinterface (Xcode 15.4, Swift 5.10)
#       CLOUDKIT_MACOS_INTERFACE  default $APPLE_SDK_ROOT/cloudkit-17.5/arm64e-apple-macos.swiftinterface
#         = MacOSX14.5.sdk/System/Library/Frameworks/CloudKit.framework/Versions/A/Modules/
#           CloudKit.swiftmodule/arm64e-apple-macos.swiftinterface
#     The iOS one is required; without the macOS one the macOS targets are skipped. Each SDK is
#     seen through a link farm ($APPLE_SDK_ROOT/views-shipping-cloudkit/) that leaves out
#     SwiftData.framework (as apple-typecheck's pass A does: the beta SDK can't expand @Model) and
#     whose CloudKit.framework is the SDK's with only the Swift interface replaced. CloudKit's
#     Objective-C headers and every other framework stay beta 1.
#
# WHAT IS CHECKED (exit 1 on any error)
#   For each target: CloudSchemaRuntime's module is emitted with function bodies skipped (as
#   apple-typecheck does), then the generated Garden code plus Examples/GardenSync/*.swift are
#   type-checked as one module in Swift 6 mode (strict concurrency). Warnings are listed and
#   counted. Targets: arm64-apple-ios16.0 arm64-apple-macosx13.0 (the package's minimum: the
#   example is @available(iOS 17, macOS 14, *)) and arm64-apple-ios17.0 arm64-apple-macosx14.0.
#   Override with TARGETS="...".
#
# KNOWN LIMITS
#   - The SDK's standard library is Swift 5.9's, without Swift 6's typed-throws overloads; errors
#     "thrown expression type 'any Error' cannot be converted to error type" are reported as SDK
#     artifacts and not counted (STRICT=1 counts them).
#   - Sendable and other annotations that later SDKs added to CloudKit's Objective-C classes are
#     not seen (the headers are beta 1's).
set -uo pipefail

SWIFTC=${SWIFTC:-swiftc}
ROOT=$(pwd)
[ -d "$ROOT/Sources/CloudSchemaRuntime" ] && [ -d "$ROOT/Examples/GardenSync" ] || {
  echo "typecheck: run from a CloudSchema checkout root" >&2; exit 2; }
SDKROOT_DIR=${APPLE_SDK_ROOT:-/tmp/apple-sdk}
IOS_SDK=$SDKROOT_DIR/iPhoneOS17.0.sdk
MAC_SDK=$SDKROOT_DIR/macOS14.0.sdk
RES=$SDKROOT_DIR/swiftres
IOS_INTERFACE=${CLOUDKIT_IOS_INTERFACE:-$SDKROOT_DIR/cloudkit-17.5/arm64-apple-ios.swiftinterface}
MAC_INTERFACE=${CLOUDKIT_MACOS_INTERFACE:-$SDKROOT_DIR/cloudkit-17.5/arm64e-apple-macos.swiftinterface}
TARGETS=${TARGETS:-"arm64-apple-ios16.0 arm64-apple-macosx13.0 arm64-apple-ios17.0 arm64-apple-macosx14.0"}
STRICT=${STRICT:-0}
WORK=$(mktemp -d /tmp/example-typecheck.XXXXXX)
MC=$SDKROOT_DIR/module-cache/shipping-cloudkit

if [ ! -f "$IOS_SDK/SDKSettings.json" ] || [ ! -f "$RES/apinotes/os.apinotes" ]; then
  echo "typecheck: no extracted SDK in $SDKROOT_DIR. Run ../shared/tools/apple-typecheck once" \
    "(with SDK_MIRROR set, see its header), or set APPLE_SDK_ROOT." >&2
  exit 2
fi
if [ ! -f "$IOS_INTERFACE" ]; then
  echo "typecheck: no shipping CloudKit interface at $IOS_INTERFACE. Set CLOUDKIT_IOS_INTERFACE to the" \
    "iOS 17.x SDK's CloudKit.framework/Modules/CloudKit.swiftmodule/arm64-apple-ios.swiftinterface." >&2
  exit 2
fi
grep -q 'case saveRecord(CloudKit.CKRecord.ID)' "$IOS_INTERFACE" || {
  echo "typecheck: $IOS_INTERFACE is not a shipping CloudKit interface (no PendingRecordZoneChange.saveRecord)" >&2; exit 2; }

# $1 sdk, $2 interface -> prints a link farm of the SDK without SwiftData.framework whose
# CloudKit.framework has that Swift interface in place of each of the SDK's for this platform.
shipping_cloudkit_view() {
  local sdk=$1 interface=$2 stamp view
  stamp=$(sha256sum "$interface" | cut -c1-16)
  # clang warns "using sysroot for 'macOS' but targeting 'MacOSX'" unless the folder is named MacOSX*.
  view=$SDKROOT_DIR/views-shipping-cloudkit/$stamp/$(basename "$sdk" | sed 's/^macOS/MacOSX/')
  if [ ! -d "$view/System/Library/Frameworks/CloudKit.framework" ]; then
    mkdir -p "$view/System/Library/Frameworks"
    for e in "$sdk"/*; do [ "$(basename "$e")" = System ] || ln -s "$e" "$view/$(basename "$e")"; done
    for e in "$sdk"/System/*; do [ "$(basename "$e")" = Library ] || ln -s "$e" "$view/System/$(basename "$e")"; done
    for e in "$sdk"/System/Library/*; do [ "$(basename "$e")" = Frameworks ] || ln -s "$e" "$view/System/Library/$(basename "$e")"; done
    for e in "$sdk"/System/Library/Frameworks/*; do
      case "$(basename "$e")" in
        SwiftData.framework|_SwiftData_*|CloudKit.framework) ;;
        *) ln -s "$e" "$view/System/Library/Frameworks/$(basename "$e")";;
      esac
    done
    # CloudKit.framework: directories copied, files linked, the platform's Swift interfaces
    # replaced (macOS frameworks keep Versions/A behind symbolic links; copy those as links).
    local src=$sdk/System/Library/Frameworks/CloudKit.framework dst=$view/System/Library/Frameworks/CloudKit.framework
    (cd "$src" && find . -type d) | while read -r d; do mkdir -p "$dst/$d"; done
    (cd "$src" && find . ! -type d) | while read -r f; do
      if [ -L "$src/$f" ]; then ln -sfn "$(readlink "$src/$f")" "$dst/$f"
      else ln -s "$src/$f" "$dst/$f"; fi
    done
    find "$dst" -path '*CloudKit.swiftmodule/*' \( -name '*-apple-ios.swift*' -o -name '*-apple-macos.swift*' \) \
      -exec rm -f {} + 2>/dev/null
    local mod os
    mod=$(find "$dst" -type d -name CloudKit.swiftmodule | head -1)
    case "$(basename "$sdk")" in iPhone*) os=ios;; *) os=macos;; esac
    for arch in arm64 arm64e x86_64; do
      [ "$os" = ios ] && [ "$arch" = x86_64 ] && continue
      ln -s "$interface" "$mod/$arch-apple-$os.swiftinterface"
    done
  fi
  echo "$view"
}

BIN=${CLOUDSCHEMA_BIN:-}
if [ -z "$BIN" ]; then
  echo "Building cloudschema ..."
  swift build --product cloudschema >"$WORK/build.log" 2>&1 || { cat "$WORK/build.log"; echo "typecheck: build failed" >&2; exit 2; }
  BIN=$(swift build --show-bin-path)/cloudschema
fi
"$BIN" generate Schemas/Garden --output "$WORK/gen" >"$WORK/gen.log" 2>&1 || {
  cat "$WORK/gen.log"; echo "typecheck: cloudschema generate Schemas/Garden failed" >&2; exit 2; }

RUNTIME_SOURCES=$(find Sources/CloudSchemaRuntime -name '*.swift' | sort)
EXAMPLE_SOURCES=$(find Examples/GardenSync -name '*.swift' | sort)
ERRORS=0; WARNINGS=0; ARTIFACTS=0
ARTIFACT_RE="thrown expression type 'any Error' cannot be converted to error type"

report() { # $1 label, $2 log
  local diags real art
  diags=$(grep -E '^[^ ].*: (error|warning): ' "$2" | sort -u)
  if [ "$STRICT" = 1 ]; then real=$diags; art=""; else
    real=$(grep -v "$ARTIFACT_RE" <<<"$diags" || true); art=$(grep "$ARTIFACT_RE" <<<"$diags" || true); fi
  if [ -z "$real" ]; then echo "  ok    $1"
  else
    if grep -q ': error: ' <<<"$real"; then echo "  FAIL  $1"; else echo "  warn  $1"; fi
    sed "s|$WORK/||; s/^/        /" <<<"$real"
    ERRORS=$((ERRORS + $(grep -c ': error: ' <<<"$real")))
    WARNINGS=$((WARNINGS + $(grep -c ': warning: ' <<<"$real")))
  fi
  if [ -n "$art" ]; then
    echo "        SDK artifact (Swift 5.9 stdlib has no typed-throws map), not counted:"; sed "s|$WORK/||; s/^/          /" <<<"$art"
    ARTIFACTS=$((ARTIFACTS + $(grep -c ': error: ' <<<"$art")))
  fi
}

for T in $TARGETS; do
  case $T in
    *-ios*) SDK=$IOS_SDK; INTERFACE=$IOS_INTERFACE;;
    *-macos*) SDK=$MAC_SDK; INTERFACE=$MAC_INTERFACE;;
    *) echo "typecheck: unknown target $T" >&2; exit 2;;
  esac
  if [ ! -d "$SDK" ] || [ ! -f "$INTERFACE" ]; then echo "== $T: no SDK or CloudKit interface, skipped"; continue; fi
  SDKP=$(shipping_cloudkit_view "$SDK" "$INTERFACE")
  echo "== $T, $(basename "$SDK") (no SwiftData) with CloudKit's Swift interface from $(sed -n 's/.*-target \([^ ]*\).*/\1/p' "$INTERFACE" | head -1)"
  SW=("$SWIFTC" -target "$T" -sdk "$SDKP" -resource-dir "$RES" -module-cache-path "$MC" -swift-version 6 -parse-as-library)
  OUT=$WORK/$T; mkdir -p "$OUT"
  # shellcheck disable=SC2086
  "${SW[@]}" -module-name CloudSchemaRuntime -emit-module -emit-module-path "$OUT/mod/CloudSchemaRuntime.swiftmodule" \
    -Xfrontend -experimental-skip-all-function-bodies $RUNTIME_SOURCES >"$OUT/runtime-module.log" 2>&1 \
    || { echo "  FAIL  emitting CloudSchemaRuntime.swiftmodule"; sed 's/^/        /' "$OUT/runtime-module.log" | head -40; ERRORS=$((ERRORS+1)); continue; }
  # shellcheck disable=SC2086
  "${SW[@]}" -typecheck -I "$OUT/mod" -module-name GardenSync "$WORK/gen"/*.swift $EXAMPLE_SOURCES >"$OUT/example.log" 2>&1
  report "generated Schemas/Garden + Examples/GardenSync" "$OUT/example.log"
done

echo
echo "typecheck: $ERRORS error(s), $WARNINGS warning(s); $ARTIFACTS SDK-artifact error(s) not counted. Logs: $WORK"
[ "$ERRORS" = 0 ]
