/// The words of `.cloudschema` for editor tooling (the TextMate grammar's tests, the language
/// server's completion), read from the tables the parser and resolver use, so a word the
/// language gains is offered, and checked for in the grammar, without another list to update.
public enum LanguageVocabulary {
    /// Words that start declarations or grants (`record`, `grant`, ...), sorted.
    public static var keywords: [String] { Parser.keywords.sorted() }
    /// Attribute names without `@`, in the catalogue's order.
    public static var attributes: [String] { AttributeCatalog.names }
    /// Built-in type names, and `Reference` (written `Reference<T>` or alone).
    public static var builtInTypes: [String] { TypeCatalog.names }
    /// What `grant` gives, and to whom besides declared roles (`grant read to world`).
    public static let permissions = ["read", "create", "write"]
    public static let grantees = ["world", "icloud", "creator"]
    /// Where `record Name in …` places a record type besides a zone.
    public static let databases = ["public", "private"]
    /// `subscription Name database …` and `… fires …`.
    public static let subscriptionDatabases = ["private", "shared"]
    public static let subscriptionEvents = ["create", "update", "delete"]
}
