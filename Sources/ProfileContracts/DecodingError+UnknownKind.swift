extension DecodingError {
  /// The error for a `kind` that names no case, listing the kinds that would have worked.
  static func unknownKind<Key: CodingKey>(
    _ kind: String, expected: [String], key: Key, in container: KeyedDecodingContainer<Key>
  ) -> DecodingError {
    .dataCorruptedError(
      forKey: key, in: container,
      debugDescription:
        "unknown kind \"\(kind)\"; expected one of \(expected.joined(separator: ", "))")
  }
}
