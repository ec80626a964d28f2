// The core re-proves languages through a LanguageIdentifier it is given: the identifiers come
// with the core, so an app can pass NaturalLanguageIdentifier without another product.
@_exported import LanguageIdentification
