// Every contract value has one canonical JSON form, so code that imports the contract gets the
// JSON types with it: `CanonicalJSON`, `JSONValue` and `JSONError`, and nothing else of the kit's
// support module.
@_exported import enum KitSupport.CanonicalJSON
@_exported import struct KitSupport.JSONError
@_exported import enum KitSupport.JSONValue
