// The module users import in their test targets: every suite, plus recordIssues(). With the
// suites come the types their initializers take: StoreCrashHarness (the store suite) and the
// LanguageIdentifier implementations (the translator suite).
@_exported import AdapterSupervision
@_exported import ContractConformanceCore
@_exported import LanguageIdentification
