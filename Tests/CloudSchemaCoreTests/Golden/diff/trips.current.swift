import Foundation
import SwiftData

enum Status: String, Codable { case planned, done }

/// A trip, as the pull request changes it: `targetDate` renamed to `deadline`, notes added,
/// and stops lost their title.
@Model final class Trip {
    var name: String = ""
    var deadline: Date = Date.now
    var status: Status = Status.planned
    var notes: String?
    @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop]? = []
    init() {}
}

@Model final class Stop {
    var trip: Trip?
    init() {}
}

@Model final class Photo {
    @Attribute(.externalStorage) var image: Data?
}
