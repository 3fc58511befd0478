#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ObservableType where Element == Data {
    /// Decodes each data element into an `Item` with `decoder`; a decoding error ends the
    /// sequence.
    ///
    /// ```swift
    /// responses.decode(type: User.self, decoder: JSONDecoder())
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - decoder: The decoder, such as `JSONDecoder` or `PropertyListDecoder`.
    /// - Returns: The decoded items.
    public func decode<Item: Decodable, Decoder: DataDecoder>(type: Item.Type, decoder: Decoder) -> Observable<Item> {
        map { try decoder.decode(type, from: $0) }
    }
}

/// A decoder of `Data` into `Decodable` values, for ``ObservableType/decode(type:decoder:)``.
public protocol DataDecoder {
    /// Decodes a value of `type` from `data`.
    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}
