/// Why a ``FileExecutionStore`` could not do what was asked.
///
/// Its description is one line that names the path and the fix, for example
/// `store record /s/ab12….checkpoint failed its checksum in both slots; remove the two slot
/// files to start this command over`.
public struct ExecutionStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What kind of failure this is. New codes may be added; don't switch over them exhaustively.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private let name: String
    private init(_ name: String) { self.name = name }

    /// The store's directory cannot be created, is not a directory, or is not writable.
    public static let unusableDirectory = Code("unusableDirectory")
    /// Every stored record for a key failed its checks: it is torn, corrupt or foreign.
    public static let corruptRecord = Code("corruptRecord")
    /// A read or write failed in the operating system.
    public static let ioFailure = Code("ioFailure")

    /// The code's name.
    public var description: String { name }
  }

  /// What kind of failure this is.
  public let code: Code
  /// The file or directory involved.
  public let path: String
  /// One line: what happened and what to do.
  public let message: String

  /// Creates an error.
  public init(code: Code, path: String, message: String) {
    self.code = code
    self.path = path
    self.message = message
  }

  /// The one-line message.
  public var description: String { message }
}
