/// The version of the CloudSchema toolchain (`cloudschema --version`).
public enum CloudSchemaVersion {
    public static let current = "0.1.0"
}
