"""The prebuilt plugin: a user's package with CloudSchemaPlugins (Release/make-plugin-package.sh,
around the bundle Release/build-artifact-bundle.sh wrote) builds, generating and linting with the
bundle's `cloudschema`, and compiles no tool.

    BUNDLE_OUTPUT=.build/artifactbundle python3 -m unittest discover -s Release
"""

import os
import subprocess
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ZIP = os.path.join(ROOT, os.environ.get("BUNDLE_OUTPUT", ".build/artifactbundle"), "cloudschema.artifactbundle.zip")

APP = """\
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "App",
    dependencies: [
        .package(name: "CloudSchema", path: "{root}"),
        .package(path: "../CloudSchemaPlugins"),
    ],
    targets: [
        .target(
            name: "Garden", dependencies: [.product(name: "CloudSchemaRuntime", package: "CloudSchema")],
            plugins: [.plugin(name: "CloudSchemaPrebuiltPlugin", package: "CloudSchemaPlugins")])
    ]
)
"""
SCHEMA = """\
zone GardenBeds

record Plant in GardenBeds {
    name: String @queryable
    notes: String? @encrypted
}
"""
SWIFT = """\
import CloudSchemaRuntime

func label(_ plant: Plant) -> String { plant.name + (plant.notes ?? "") }
"""


class PrebuiltPluginTests(unittest.TestCase):
    def make(self, *arguments):
        return subprocess.run([os.path.join(ROOT, "Release", "make-plugin-package.sh"), *arguments], capture_output=True, text=True)

    def test_a_release_package_names_the_bundles_url_and_checksum(self):
        with tempfile.TemporaryDirectory() as temp:
            url = "https://example.com/0.1.0/cloudschema.artifactbundle.zip"
            result = self.make(temp, "--url", url, "--checksum", "ab" * 32)
            self.assertEqual(result.returncode, 0, result.stderr)
            with open(os.path.join(temp, "Package.swift")) as file:
                self.assertIn(f'.binaryTarget(name: "CloudSchemaPrebuiltTool", url: "{url}", checksum: "{"ab" * 32}")', file.read())

    def test_a_users_package_builds_with_the_bundles_tool_and_compiles_none(self):
        with tempfile.TemporaryDirectory() as temp:
            result = self.make(os.path.join(temp, "CloudSchemaPlugins"), "--path", ZIP)
            self.assertEqual(result.returncode, 0, result.stderr)
            garden = os.path.join(temp, "App", "Sources", "Garden")
            os.makedirs(garden)
            for name, text in [("../../Package.swift", APP.format(root=ROOT)), ("Garden.cloudschema", SCHEMA), ("Label.swift", SWIFT)]:
                with open(os.path.join(garden, name), "w") as file:
                    file.write(text)
            app = os.path.join(temp, "App")
            build = subprocess.run(["swift", "build"], cwd=app, capture_output=True, text=True)
            self.assertEqual(build.returncode, 0, build.stdout + build.stderr)
            self.assertIn("CloudSchema: generating Swift for Garden from Garden.cloudschema", build.stdout)
            # SwiftPM writes every target's build folder; a compiled one holds objects.
            objects = [name for folder, _, names in os.walk(os.path.join(app, ".build")) for name in names if "/CloudSchemaCore" in folder and name.endswith(".o")]
            self.assertEqual(objects, [], "the tool's core was compiled")

            # The bundle's lint fails the build on the schema line.
            with open(os.path.join(garden, "Garden.cloudschema"), "w") as file:
                file.write(SCHEMA.replace("@encrypted", "@encrypted @queryable"))
            build = subprocess.run(["swift", "build"], cwd=app, capture_output=True, text=True)
            self.assertNotEqual(build.returncode, 0, build.stdout)
            self.assertRegex(build.stdout + build.stderr, r"Garden\.cloudschema:5:\d+: error: .*\[ENCRYPTED_INDEXED\]")


if __name__ == "__main__":
    unittest.main()
