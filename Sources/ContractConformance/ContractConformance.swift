// The module users import in their test targets: every suite, plus recordIssues(). With the
// suites come the types their initializers take: StoreCrashHarness (the store suite) and the
// language identifiers (the translator suite), and nothing else of the modules they live in.
@_exported import ContractConformanceCore

@_exported import struct AdapterProcess.StoreCrashHarness
@_exported import struct ProfileCore.BuiltinLanguageIdentifier
@_exported import struct ProfileCore.LanguageGuess
@_exported import protocol ProfileCore.LanguageIdentifier
@_exported import func ProfileCore.primarySubtag

#if canImport(NaturalLanguage)
  @_exported import struct ProfileCore.NaturalLanguageIdentifier
#endif
