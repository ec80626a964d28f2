import Foundation
import ProfileContracts

// Adapter processes run on macOS and Linux; iOS, tvOS and watchOS have no Process.
#if os(macOS) || os(Linux)
  /// A `SummaryTranslating` served by an adapter process.
  public final class ProcessTranslator: SummaryTranslating, Sendable {
    /// The process serving the translator.
    public let process: AdapterProcess

    /// Starts `command` as a translator.
    public convenience init(command: String) throws {
      self.init(process: try AdapterProcess(command: command))
    }

    /// A translator over a running process, which it owns: releasing the translator ends the
    /// process.
    public init(process: AdapterProcess) { self.process = process }

    /// Ends the process: each proxy owns its process.
    deinit { process.terminate() }

    /// `translate {texts, from, to}`.
    public func translate(
      _ texts: [String], from sourceLanguageIdentifier: String, to targetLanguageIdentifier: String
    ) async throws -> [String] {
      try await process.call(
        AdapterMethod.translate,
        [
          "texts": .array(texts.map { .string($0) }), "from": .string(sourceLanguageIdentifier),
          "to": .string(targetLanguageIdentifier),
        ]
      ).decoded(as: [String].self)
    }
  }
#endif
