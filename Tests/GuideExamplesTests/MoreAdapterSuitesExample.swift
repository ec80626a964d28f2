import ContractConformance
import MyApp
import ProfileContracts
import Testing

@Test func documentProviderKeepsTheContract() async {
  await DocumentProviderConformance(timeout: .seconds(60)) { fixture in
    // Store fixture.pages however your provider reads documents, capped at fixture.pageCap.
    let id = try await MyDocuments.shared.importTestDocument(pages: fixture.pages)
    return (try MyDocumentProvider(pageCap: fixture.pageCap), id)
  }.run().recordIssues()
}

@Test func executorKeepsTheContract() async {
  await ModelExecutorConformance(
    errorMapping: MyExecutor.map,  // (any Error) -> ProfileModelExecutionError
    knownErrors: [KnownError(MyNativeError.busy, expected: .transient)], timeout: .seconds(60)
  ) { MyExecutor() }.run().recordIssues()
}
