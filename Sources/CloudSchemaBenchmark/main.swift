import CloudSchemaCore
print("bench")
