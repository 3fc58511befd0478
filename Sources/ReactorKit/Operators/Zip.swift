extension ObservableType {
    /// Combines the elements at each index of the sequences in `collection` with
    /// `resultSelector`: the first elements of all of them, then the second ones, and so on.
    ///
    /// Elements wait until every source has sent its element for that index. Completes when
    /// every source has completed, or as soon as an element arrives while all the other
    /// sources have completed and one of them has no element left to pair. The first error
    /// (from a source or from `resultSelector`) ends the result and disposes every source. An
    /// empty collection completes at once.
    ///
    /// ```swift
    /// let rows = Observable.zip(columns) { $0.joined(separator: ",") }
    /// ```
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
    ) -> Observable<Element> where Collection.Element: ObservableType {
        CombiningCollectionProducer(rule: .zipCollection, collection, resultSelector: resultSelector)
    }

    /// Combines the elements at each index of the sequences in `collection` into arrays.
    ///
    /// ```swift
    /// let pairs = Observable.zip([requests, responses])
    /// ```
    public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> Observable<[Element]>
    where Collection.Element: ObservableType, Collection.Element.Element == Element {
        CombiningCollectionProducer(rule: .zipCollection, collection, resultSelector: { $0 })
    }
}

extension ObservableType {
    /// Combines the elements at each index of 2 sequences with `resultSelector`: the first
    /// elements of both, then the second ones, and so on.
    ///
    /// Sources are subscribed in order; elements wait until every source has sent its element
    /// for that index. As in RxSwift, the result completes only when every source has
    /// completed. The first error (from a source or from `resultSelector`) ends the result and
    /// disposes every source. The overloads for 3 to 8 sources behave the same way.
    ///
    /// ```swift
    /// let labelled = Observable.zip(names, scores) { "\($0): \($1)" }
    /// ```
    public static func zip<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        combiningProducer(
            rule: .zip, source1.asObservable(), source2.asObservable(), resultSelector: resultSelector)
    }

    /// Combines the elements at each index of 3 sequences with `resultSelector`.
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        combiningProducer(
            rule: .zip, source1.asObservable(), source2.asObservable(), source3.asObservable(),
            resultSelector: resultSelector)
    }

    /// Combines the elements at each index of 4 sequences with `resultSelector`.
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        combiningProducer(
            rule: .zip, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
            resultSelector: resultSelector)
    }

    /// Combines the elements at each index of 5 sequences with `resultSelector`.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
    ) -> Observable<Element> {
        combiningProducer(
            rule: .zip, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
            source5.asObservable(), resultSelector: resultSelector)
    }

    /// Combines the elements at each index of 6 sequences with `resultSelector`.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
        resultSelector:
            @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws -> Element
    ) -> Observable<Element> {
        combiningProducer(
            rule: .zip, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
            source5.asObservable(), source6.asObservable(), resultSelector: resultSelector)
    }

    /// Combines the elements at each index of 7 sequences with `resultSelector`.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType, O7: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        resultSelector:
            @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element) throws ->
            Element
    ) -> Observable<Element> {
        combiningProducer(
            rule: .zip, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
            source5.asObservable(), source6.asObservable(), source7.asObservable(), resultSelector: resultSelector)
    }

    /// Combines the elements at each index of 8 sequences with `resultSelector`.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType, O7: ObservableType, O8: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        _ source8: O8,
        resultSelector:
            @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)
            throws -> Element
    ) -> Observable<Element> {
        combiningProducer(
            rule: .zip, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
            source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(),
            resultSelector: resultSelector)
    }
}

extension ObservableType where Element == Any {
    /// Combines the elements at each index of 2 sequences into tuples.
    ///
    /// Completion and errors follow ``ObservableType/zip(_:_:resultSelector:)``; the overloads
    /// for 3 to 8 sources behave the same way.
    ///
    /// ```swift
    /// let pairs = Observable.zip(requests, responses)
    /// ```
    public static func zip<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2
    ) -> Observable<(O1.Element, O2.Element)> {
        combiningProducer(rule: .zip, source1.asObservable(), source2.asObservable()) { ($0, $1) }
    }

    /// Combines the elements at each index of 3 sequences into tuples.
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
        combiningProducer(rule: .zip, source1.asObservable(), source2.asObservable(), source3.asObservable()) {
            ($0, $1, $2)
        }
    }

    /// Combines the elements at each index of 4 sequences into tuples.
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
        combiningProducer(
            rule: .zip, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable()
        ) { ($0, $1, $2, $3) }
    }

    /// Combines the elements at each index of 5 sequences into tuples.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
        combiningProducer(
            rule: .zip, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
            source5.asObservable()
        ) { ($0, $1, $2, $3, $4) }
    }

    /// Combines the elements at each index of 6 sequences into tuples.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)> {
        combiningProducer(
            rule: .zip, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
            source5.asObservable(), source6.asObservable()
        ) { ($0, $1, $2, $3, $4, $5) }
    }

    /// Combines the elements at each index of 7 sequences into tuples.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType, O7: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)> {
        combiningProducer(
            rule: .zip, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
            source5.asObservable(), source6.asObservable(), source7.asObservable()
        ) { ($0, $1, $2, $3, $4, $5, $6) }
    }

    /// Combines the elements at each index of 8 sequences into tuples.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType, O7: ObservableType, O8: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        _ source8: O8
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)> {
        combiningProducer(
            rule: .zip, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
            source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable()
        ) { ($0, $1, $2, $3, $4, $5, $6, $7) }
    }
}
