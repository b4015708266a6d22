/// A record type that is the root of a record-hierarchy share (`@shareable` in the schema):
/// sharing a record shares the records that name it as `@parent`. On Apple platforms,
/// `makeShare(rootRecord:title:)` makes its `CKShare`.
public protocol ShareableRecord: CloudRecord {
    /// The share's type (`CKShare.SystemFieldKey.shareType`, a UTI-style string), from the schema:
    /// the container identifier without `iCloud.`, then the record type (`app.gardenlog.Bed`).
    static var shareType: String { get }
}
