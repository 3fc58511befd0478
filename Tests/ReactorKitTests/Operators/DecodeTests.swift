import Foundation
import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct DecodeTests {
    private struct Item: Decodable, Equatable {
        let name: String
    }

    @Test func decodesEachElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Data(#"{"name":"a"}"#.utf8)), .next(220, Data(#"{"name":"b"}"#.utf8)), .completed(230),
        ])
        let res = scheduler.start { xs.decode(type: Item.self, decoder: JSONDecoder()) }
        #expect(res.events == [.next(210, Item(name: "a")), .next(220, Item(name: "b")), .completed(230)])
    }

    @Test func aDecodingErrorEndsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Data("not json".utf8)), .completed(230)])
        let res = scheduler.start { xs.decode(type: Item.self, decoder: JSONDecoder()) }
        #expect(res.events.count == 1)
        #expect(res.events.first?.time == 210)
        #expect(res.events.first?.value.error is DecodingError)
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }
}
