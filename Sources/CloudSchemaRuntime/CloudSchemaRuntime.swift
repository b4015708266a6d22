public enum CloudSchemaRuntime {}
