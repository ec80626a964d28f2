// Every contract value has one canonical JSON form, so code that imports the contract gets the
// JSON module with it: `CanonicalJSON`, `JSONValue` and `JSONError` stay where users found them.
@_exported import KitJSON
