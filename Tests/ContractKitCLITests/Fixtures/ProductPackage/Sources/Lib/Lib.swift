/// A library product: nothing to run.
public func greeting() -> String { "Hello!" }
