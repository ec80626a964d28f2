import ProfileContracts

/// Where a run ended: every path of ``ProfileCore/run(_:)`` ends in one of these three.
///
/// They are all, some or none of the chunks summarized, a partition that cannot gain a case, so
/// this stays an enum: switch over it exhaustively.
///
/// JSON form: `{"kind": "completed", "summary": {…}}`,
/// `{"kind": "partial", "summary": {…}, "failures": [{…}]}` or
/// `{"kind": "failed", "failure": {…}, "receipt": {…}}`.
public enum ProfileOutcome: Codable, Hashable, Sendable {
  /// Every page was summarized. The summary was saved as the canonical body.
  case completed(ProfileSummary)
  /// Some chunks failed: the good sections are kept, the failed chunks' pages are missing, and
  /// the checkpoint stays so that re-submitting the command retries only the failed chunks. The
  /// canonical body was not touched.
  case partial(ProfileSummary, failures: [ProfileFailure])
  /// Nothing could be summarized, or the run stopped. Progress so far stays in the checkpoint.
  case failed(ProfileFailure, receipt: ProfileExecutionReceipt)

  /// The case's name, as written in the JSON form's `kind`.
  public var kind: String {
    switch self {
    case .completed: "completed"
    case .partial: "partial"
    case .failed: "failed"
    }
  }

  /// The summary, for `completed` and `partial`.
  public var summary: ProfileSummary? {
    switch self {
    case .completed(let summary), .partial(let summary, _): summary
    case .failed: nil
    }
  }

  /// The receipt of the run.
  public var receipt: ProfileExecutionReceipt {
    switch self {
    case .completed(let summary), .partial(let summary, _): summary.receipt
    case .failed(_, let receipt): receipt
    }
  }

  private enum CodingKeys: String, CodingKey { case kind, summary, failures, failure, receipt }

  /// Decodes the `{"kind": …}` form.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let kind = try container.decode(String.self, forKey: .kind)
    switch kind {
    case "completed": self = .completed(try container.decode(ProfileSummary.self, forKey: .summary))
    case "partial":
      self = .partial(
        try container.decode(ProfileSummary.self, forKey: .summary),
        failures: try container.decode([ProfileFailure].self, forKey: .failures))
    case "failed":
      self = .failed(
        try container.decode(ProfileFailure.self, forKey: .failure),
        receipt: try container.decode(ProfileExecutionReceipt.self, forKey: .receipt))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .kind, in: container,
        debugDescription: "unknown kind \"\(kind)\"; expected one of completed, partial, failed")
    }
  }

  /// Encodes the `{"kind": …}` form.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kind, forKey: .kind)
    switch self {
    case .completed(let summary):
      try container.encode(summary, forKey: .summary)
    case .partial(let summary, let failures):
      try container.encode(summary, forKey: .summary)
      try container.encode(failures, forKey: .failures)
    case .failed(let failure, let receipt):
      try container.encode(failure, forKey: .failure)
      try container.encode(receipt, forKey: .receipt)
    }
  }
}
