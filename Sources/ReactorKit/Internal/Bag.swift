/// A key identifying an item in a ``Bag``.
struct BagKey: Hashable, Sendable {
    let rawValue: UInt64
}

/// An insertion-ordered collection whose items can be removed by key in O(log n).
///
/// Keys grow monotonically, so the key array stays sorted and removal is a binary search.
/// `items` is a plain array: a snapshot for iteration is one reference copy.
struct Bag<Item> {
    private var nextKey: UInt64 = 0
    private var keys: ContiguousArray<UInt64> = []
    private(set) var items: ContiguousArray<Item> = []
    /// `items.count`, stored: in unspecialized code even `count` on an array of a generic
    /// type costs a runtime metadata lookup, and subjects check it on every element.
    private(set) var count = 0

    init() {}

    var isEmpty: Bool { count == 0 }

    mutating func insert(_ item: Item) -> BagKey {
        let key = nextKey
        nextKey &+= 1
        keys.append(key)
        items.append(item)
        count += 1
        return BagKey(rawValue: key)
    }

    @discardableResult
    mutating func removeKey(_ key: BagKey) -> Item? {
        var low = 0
        var high = keys.count
        while low < high {
            let mid = (low + high) / 2
            let value = keys[mid]
            if value == key.rawValue {
                keys.remove(at: mid)
                count -= 1
                return items.remove(at: mid)
            } else if value < key.rawValue {
                low = mid + 1
            } else {
                high = mid
            }
        }
        return nil
    }

    mutating func removeAll() {
        keys.removeAll()
        items.removeAll()
        count = 0
    }
}
