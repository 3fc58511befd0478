/// A binary min-heap ordered by `hasHigherPriority`; equal-priority order is the caller's
/// job (virtual time schedulers break ties by insertion id).
struct PriorityQueue<Element: AnyObject> {
    private let hasHigherPriority: (Element, Element) -> Bool
    private var elements: [Element] = []

    init(hasHigherPriority: @escaping (Element, Element) -> Bool) {
        self.hasHigherPriority = hasHigherPriority
    }

    var isEmpty: Bool { elements.isEmpty }

    var count: Int { elements.count }

    func peek() -> Element? {
        elements.first
    }

    mutating func enqueue(_ element: Element) {
        elements.append(element)
        bubbleUp(elements.count - 1)
    }

    mutating func dequeue() -> Element? {
        guard !elements.isEmpty else { return nil }
        return remove(at: 0)
    }

    /// Removes `element` (compared by identity), if present.
    mutating func remove(_ element: Element) {
        if let index = elements.firstIndex(where: { $0 === element }) {
            _ = remove(at: index)
        }
    }

    var unorderedElements: [Element] { elements }

    private mutating func remove(at index: Int) -> Element {
        let removed = elements[index]
        let last = elements.removeLast()
        if index < elements.count {
            elements[index] = last
            bubbleUp(index)
            bubbleDown(index)
        }
        return removed
    }

    private mutating func bubbleUp(_ start: Int) {
        var index = start
        while index > 0 {
            let parent = (index - 1) / 2
            guard hasHigherPriority(elements[index], elements[parent]) else { return }
            elements.swapAt(index, parent)
            index = parent
        }
    }

    private mutating func bubbleDown(_ start: Int) {
        var index = start
        while true {
            let left = index * 2 + 1
            let right = left + 1
            var highest = index
            if left < elements.count && hasHigherPriority(elements[left], elements[highest]) {
                highest = left
            }
            if right < elements.count && hasHigherPriority(elements[right], elements[highest]) {
                highest = right
            }
            guard highest != index else { return }
            elements.swapAt(index, highest)
            index = highest
        }
    }
}
