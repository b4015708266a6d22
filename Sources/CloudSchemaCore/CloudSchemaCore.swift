public enum CloudSchemaCore {}
