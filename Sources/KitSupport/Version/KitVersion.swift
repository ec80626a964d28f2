/// The kit's version: what a conformance report records as the kit that made it, and
/// `contract-kit --version` prints. Its major and minor parts are the newest rule-set version
/// (`RuleSet.latestVersion`): a new rule, or a rule that finds more, comes with a new minor
/// version, and a test holds the two together.
package enum KitVersion {
  /// The version, `MAJOR.MINOR.PATCH`.
  package static let current = "0.7.0"
}
