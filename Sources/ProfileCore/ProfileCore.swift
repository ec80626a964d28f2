import Foundation
import ProfileContracts

/// The reference summarization core: every decision of the design essay, written down as code.
///
/// It talks to the world only through the four adapter protocols. It plans chunks by
/// `TokenEstimate` before any model call, summarizes each chunk with one `summaryChunk` call,
/// verifies every number, amount and name against the chunk's source, titles several sections
/// with one `summaryTitle` call, translates in one batch and re-proves the target language, and
/// saves a checkpoint after every chunk so the identical command continues where it stopped.
///
/// ```swift
/// let core = ProfileCore(
///   model: model, translator: nil, documents: documents, store: store,
///   languages: BuiltinLanguageIdentifier())
/// let early = await core.resume(command)  // .failed(.missingCheckpoint, …): nothing to resume
/// let outcome = await core.run(command)  // starts, or continues from its checkpoint
/// ```
///
/// `run` never throws and never traps: every path ends in a ``ProfileOutcome``.
public struct ProfileCore: Sendable {
  /// The profiles the engine serves.
  public static let registeredProfiles: Set<ProfileIdentifier> = [
    .document, .note, .webLink, .voiceTranscript,
  ]

  let model: any ProfileModelExecuting
  let translator: (any SummaryTranslating)?
  let documents: any ProfileDocumentProviding
  let store: any ProfileExecutionStoring
  let policy: ProfilePolicy
  let languages: any LanguageIdentifier
  let clock: any ProfileClock

  /// Creates a core over the app's adapters.
  ///
  /// - Parameters:
  ///   - model: the executor; the only adapter that calls the model.
  ///   - translator: the batch translator, or `nil` when none is configured: the summary then
  ///     stays in its source language and the receipt says so.
  ///   - documents: the page provider.
  ///   - store: the progress store.
  ///   - policy: the numbers to decide by (default ``ProfilePolicy/default``).
  ///   - languages: re-proves languages (default `BuiltinLanguageIdentifier`).
  ///   - clock: waits between retries (default: the real clock; tests inject one that never sleeps).
  public init(
    model: any ProfileModelExecuting, translator: (any SummaryTranslating)?,
    documents: any ProfileDocumentProviding,
    store: any ProfileExecutionStoring, policy: ProfilePolicy = .default,
    languages: any LanguageIdentifier = BuiltinLanguageIdentifier(),
    clock: any ProfileClock = SystemProfileClock()
  ) {
    self.model = model
    self.translator = translator
    self.documents = documents
    self.store = store
    self.policy = policy
    self.languages = languages
    self.clock = clock
  }

  /// Summarizes `command`'s attachment, continuing from its checkpoint when one exists.
  public func run(_ command: ProfileCommand) async -> ProfileOutcome {
    var run = Run(core: self, command: command)
    return await run.execute(requireCheckpoint: false)
  }

  /// Continues `command` from its checkpoint; `.failed(.missingCheckpoint)` when there is none.
  public func resume(_ command: ProfileCommand) async -> ProfileOutcome {
    var run = Run(core: self, command: command)
    return await run.execute(requireCheckpoint: true)
  }
}
