"""The artifact bundle Release/build-artifact-bundle.sh wrote, checked against SE-0305.

    BUNDLE_OUTPUT=.build/artifactbundle python3 -m unittest discover -s Release

SE-0305 (swift-evolution proposals/0305-swiftpm-binary-target-improvements.md): a zip holding one
`<name>.artifactbundle` folder whose info.json has `schemaVersion` "1.0" and `artifacts`, each with
a `version`, `type` "executable" and `variants` of a `path` (the executable, relative to the
bundle) and `supportedTriples`; the zip's checksum is `swift package compute-checksum`'s SHA-256.
"""

import hashlib
import json
import os
import re
import subprocess
import tempfile
import unittest
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(ROOT, os.environ.get("BUNDLE_OUTPUT", ".build/artifactbundle"))
BUNDLE = os.path.join(OUTPUT, "cloudschema.artifactbundle")
ZIP = BUNDLE + ".zip"
# arch-vendor-os with an optional environment, and no OS version: what SwiftPM matches a host with.
TRIPLE = re.compile(r"^(x86_64|arm64|aarch64)-(unknown|apple)-(linux-gnu|macosx)$")

# A package whose command plugin runs the bundle's tool, as a team's would with a binaryTarget.
PACKAGE = """\
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "BundleCheck",
    targets: [
        .binaryTarget(name: "cloudschema", path: "cloudschema.artifactbundle"),
        .plugin(
            name: "Version", capability: .command(intent: .custom(verb: "bundle-version", description: "cloudschema --version")),
            dependencies: ["cloudschema"]),
    ]
)
"""
PLUGIN = """\
import Foundation
import PackagePlugin

@main struct Version: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let process = try Process.run(context.tool(named: "cloudschema").url, arguments: ["--version"])
        process.waitUntilExit()
    }
}
"""


class ArtifactBundleTests(unittest.TestCase):
    def setUp(self):
        with open(os.path.join(BUNDLE, "info.json")) as file:
            self.info = json.load(file)
        self.artifact = self.info["artifacts"]["cloudschema"]

    def test_info_json_has_the_fields_of_se_0305(self):
        self.assertEqual(set(self.info), {"schemaVersion", "artifacts"})
        self.assertEqual(self.info["schemaVersion"], "1.0")
        self.assertEqual(set(self.artifact), {"version", "type", "variants"})
        self.assertEqual(self.artifact["type"], "executable")
        self.assertRegex(self.artifact["version"], r"^\d+\.\d+\.\d+$")
        self.assertTrue(self.artifact["variants"])
        for variant in self.artifact["variants"]:
            self.assertEqual(set(variant), {"path", "supportedTriples"})
            self.assertTrue(variant["supportedTriples"])
            for triple in variant["supportedTriples"]:
                self.assertRegex(triple, TRIPLE)

    def test_each_variant_is_an_executable_inside_the_bundle(self):
        for variant in self.artifact["variants"]:
            path = variant["path"]
            self.assertFalse(os.path.isabs(path) or ".." in path.split("/"), path)
            self.assertTrue(os.access(os.path.join(BUNDLE, path), os.X_OK), path)

    def test_the_zip_holds_the_bundle_alone_and_its_checksum_is_beside_it(self):
        with zipfile.ZipFile(ZIP) as archive:
            self.assertEqual({name.split("/")[0] for name in archive.namelist()}, {"cloudschema.artifactbundle"})
        with open(ZIP, "rb") as file:
            digest = hashlib.sha256(file.read()).hexdigest()
        with open(ZIP + ".sha256") as file:
            self.assertEqual(file.read().strip(), digest)

    def host_binary(self):
        system = "unknown-linux-gnu" if os.uname().sysname == "Linux" else "apple-macosx"
        triple = f"{os.uname().machine}-{system}"  # uname says aarch64 on Linux, arm64 on macOS, as the triples do
        [variant] = [v for v in self.artifact["variants"] if triple in v["supportedTriples"]]
        return os.path.join(BUNDLE, variant["path"])

    def test_this_hosts_variant_runs_and_says_the_bundles_version(self):
        result = subprocess.run([self.host_binary(), "--version"], capture_output=True, text=True, check=True)
        self.assertEqual(result.stdout, self.artifact["version"] + "\n")

    def test_swiftpm_runs_it_as_a_binary_targets_tool(self):
        """SwiftPM itself reads info.json and picks this host's variant for a plugin."""
        with tempfile.TemporaryDirectory() as package:
            os.makedirs(os.path.join(package, "Plugins", "Version"))
            os.symlink(BUNDLE, os.path.join(package, "cloudschema.artifactbundle"))
            with open(os.path.join(package, "Package.swift"), "w") as file:
                file.write(PACKAGE)
            with open(os.path.join(package, "Plugins", "Version", "plugin.swift"), "w") as file:
                file.write(PLUGIN)
            result = subprocess.run(["swift", "package", "bundle-version"], cwd=package, capture_output=True, text=True)
            self.assertEqual((result.returncode, result.stdout), (0, self.artifact["version"] + "\n"), result.stderr)

    @unittest.skipUnless(os.uname().sysname == "Linux", "ldd lists a Linux binary's libraries")
    def test_the_linux_variant_carries_the_swift_runtime_and_foundation(self):
        libraries = subprocess.run(["ldd", self.host_binary()], capture_output=True, text=True, check=True).stdout
        self.assertNotRegex(libraries, r"libswift|libFoundation|lib_Foundation|libdispatch")

    def run_tool(self, step, **environ):
        """Action/tool.sh STEP as the Action runs it on this host: (exit status, output, GITHUB_PATH)."""
        with tempfile.TemporaryDirectory() as temp:
            path_file = os.path.join(temp, "path")
            runner = {"Linux": "Linux", "Darwin": "macOS"}[os.uname().sysname]
            arch = {"x86_64": "X64", "aarch64": "ARM64", "arm64": "ARM64"}[os.uname().machine]
            environ = dict(os.environ, RUNNER_TEMP=temp, RUNNER_OS=runner, RUNNER_ARCH=arch, GITHUB_ACTION_PATH=ROOT, GITHUB_PATH=path_file, **environ)
            results = []
            for name in ("bundle", step):
                results.append(subprocess.run([os.path.join(ROOT, "Action", "tool.sh"), name], env=environ, capture_output=True, text=True))
                if results[-1].returncode:
                    break
            last = results[-1]
            with open(path_file, "a+") as file:
                file.seek(0)
                return last.returncode, last.stdout + last.stderr, file.read()

    def test_the_action_runs_the_bundle_it_downloads(self):
        with open(ZIP + ".sha256") as file:
            checksum = file.read().strip()
        status, output, path = self.run_tool("use", BUNDLE_URL="file://" + ZIP, BUNDLE_CHECKSUM=checksum, VERSION=self.artifact["version"])
        self.assertEqual((status, output), (0, f"cloudschema {self.artifact['version']}\n"))
        self.assertTrue(path.endswith("/cloudschema/bin\n"), path)

    def test_the_action_refuses_a_bundle_with_another_checksum(self):
        status, output, _ = self.run_tool("use", BUNDLE_URL="file://" + ZIP, BUNDLE_CHECKSUM="0" * 64)
        self.assertEqual(status, 1)
        self.assertIn(f"::error title=cloudschema::file://{ZIP} has checksum ", output)

    def test_the_action_refuses_another_version(self):
        with open(ZIP + ".sha256") as file:
            checksum = file.read().strip()
        status, output, _ = self.run_tool("use", BUNDLE_URL="file://" + ZIP, BUNDLE_CHECKSUM=checksum, VERSION="9.9.9")
        self.assertEqual(status, 1)
        self.assertIn(f"::error title=cloudschema::version 9.9.9 was asked for; this cloudschema is {self.artifact['version']}", output)


if __name__ == "__main__":
    unittest.main()
