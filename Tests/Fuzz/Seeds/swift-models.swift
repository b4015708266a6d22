import Foundation
import SwiftData

/// Where a trip stands.
enum Status: String, Codable {
    case active
    case done = "finished"
}
enum Priority: Int {
    case low
    case high = 10
}

#if canImport(SwiftData)
@Model
final class Trip {
    #Unique<Trip>([\.name, \.start])
    @Attribute(.unique) var name: String = ""
    var start: Date = .now
    var status: Status = Status.active
    var priority: Priority = .high
    @Attribute(.externalStorage, originalName: "photo") var image: Data?
    @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop]? = []
    @Transient var cache: Int = 0
    var tags: [String] = ["a"]
    var computed: Int { tags.count }
    var observed: Int = 1 { didSet { print("\(observed) \("nested \(1)")") } }
    var summary: String {
        """
        \(name) "quoted" \(tags.joined(separator: ","))
        """
    }
    static let shared = 1
    init(name: String) { self.name = name }
}

@Model final class Stop {
    // cloudschema:ignore MODEL_RELATIONSHIP_OPTIONAL seed
    var trip: Trip
    var title: String = #"raw \(not) "quoted""#
}
#endif
