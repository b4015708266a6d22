import CloudSchemaCore
print("cloudschema")
