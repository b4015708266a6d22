import Foundation
import SwiftData

struct Region: Codable, Hashable {
    var name: String
    var radius: Double
}
protocol Stored: Codable {}
typealias Storable = Encodable & Decodable
struct Visit: Stored { var day: Date }
struct Note: Storable { var text: String }
enum Mood: Codable { case calm, busy }
struct Settings { var dark = false }
extension Settings: Codable {}

#if canImport(SwiftData)
@Model final class Trip {
    struct Stop: Codable { var title: String }
    var home: Region?
    var regions: [Region] = []
    var visits: [Visit]? = nil
    var notes: [Note] = []
    var stops: [Stop] = []
    var mood: Mood = .calm
    var settings: Settings = .init()
    var tags: Set<String> = []
    var counts: [String: [Region]] = [:]
}
#endif
