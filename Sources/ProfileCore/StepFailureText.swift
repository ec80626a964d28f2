import ProfileContracts

/// The wording of a step that failed for good, shared by the core that writes it and the
/// rendering that says what helps: the contract's `modelFailed` carries only a message, so its
/// opening words are how the rendering tells a refusal from a fault that outlasted its retries.
enum StepFailureText {
  /// The opening of a chunk the model rejected (`ProfileModelExecutionError.rejected`).
  static let rejectedPrefix = "rejected: "
  /// The opening of a piece the model rejected for a reason other than its size, once splitting
  /// did not explain the rejection.
  static let refusedPrefix = "the model rejected page"
  /// The opening of a chunk whose transient failures outlasted every attempt.
  static let stillFailingPrefix = "still failing after "

  /// The opening of a rejected step's reason when the core split it in two.
  static let splitPrefix = "split in two: "

  /// `split in two: LEFT and RIGHT, after rejected: MESSAGE`.
  static func split(_ left: String, _ right: String, rejected message: String) -> String {
    "\(splitPrefix)\(left) and \(right), after \(rejected(message))"
  }

  /// `rejected: MESSAGE`.
  static func rejected(_ message: String) -> String { rejectedPrefix + message }

  /// `the model rejected pages 3-4 (MESSAGE)`, or `page 3`.
  static func refused(_ pages: PageRange, _ message: String) -> String {
    "\(refusedPrefix)\(pages.first == pages.last ? "" : "s") \(pages) (\(message))"
  }

  /// `still failing after N attempts: MESSAGE`.
  static func stillFailing(attempts: Int, _ message: String) -> String {
    "\(stillFailingPrefix)\(attempts) attempts: \(message)"
  }

  /// `once`, `twice`, or `N times`: how often something happened, in words.
  static func times(_ count: Int) -> String {
    switch count {
    case 1: "once"
    case 2: "twice"
    default: "\(count) times"
    }
  }
}
