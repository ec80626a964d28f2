import MyApp
import ProfileAdapters
import ProfileContracts
import ProfileCore
import Testing

/// The reference core guide's lines, over the app's adapters: a run completes, and resuming the
/// command afterwards finds no checkpoint, since a completed run leaves none.
@Test func theReferenceCoreRunsAndResumes() async throws {
  let m = MyExecutor()
  let t = MyTranslator()
  let d = try MyDocumentProvider(pageCap: nil)
  let s = InMemoryExecutionStore()
  let attachment = try await MyDocuments.shared.importTestDocument(pages: [
    "The harbor opened in 1962 and now handles 3,400 ships a year.",
    "A second quay was finished in 2019, doubling the berths to 24.",
  ])
  let command = ProfileCommand(
    profile: .document, attachmentID: attachment, sourceLanguage: "en", targetLanguage: "en")
  let core = ProfileCore(
    model: m, translator: t, documents: d, store: s, policy: .default,
    languages: BuiltinLanguageIdentifier())
  let outcome = await core.run(command)  // start, or continue from its checkpoint
  let again = await core.resume(command)  // continue only: .failed(.missingCheckpoint) without one
  #expect(outcome.kind == "completed", "\(outcome)")
  guard case .failed(.missingCheckpoint, _) = again else {
    Issue.record("resuming a completed command: \(again), expected .failed(.missingCheckpoint)")
    return
  }
}
