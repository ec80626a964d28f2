// The module users import in their test targets: every suite, plus recordIssues().
@_exported import ContractConformanceCore
