extension ObservableType {
    /// Combines the latest elements of the sequences in `collection` with `resultSelector`
    /// whenever any of them sends an element, once each has sent one.
    ///
    /// Completes when every source has completed, or as soon as an element arrives while all
    /// the other sources have completed and one of them never sent an element. The first
    /// error (from a source or from `resultSelector`) ends the result and disposes every
    /// source. An empty collection sends `resultSelector([])`, then completes.
    ///
    /// ```swift
    /// let total = Observable.combineLatest(prices) { $0.reduce(0, +) }
    /// ```
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
    ) -> Observable<Element> where Collection.Element: ObservableType {
        CombiningCollectionProducer(rule: .combineLatest, collection, resultSelector: resultSelector)
    }

    /// Combines the latest elements of the sequences in `collection` into an array whenever
    /// any of them sends an element, once each has sent one.
    ///
    /// ```swift
    /// let flags = Observable.combineLatest([isValid, isSaved, isOnline])
    /// ```
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection) -> Observable<[Element]>
    where Collection.Element: ObservableType, Collection.Element.Element == Element {
        CombiningCollectionProducer(rule: .combineLatest, collection, resultSelector: { $0 })
    }
}

extension ObservableType {
    /// Combines the latest elements of 2 sequences with `resultSelector` whenever either of
    /// them sends an element, once both have sent one.
    ///
    /// Sources are subscribed in order. The result completes when every source has
    /// completed, or as soon as an element arrives while all the other sources have completed
    /// and one of them never sent an element. The first error (from a source or from
    /// `resultSelector`) ends the result and disposes every source. The overloads for 3 to 8
    /// sources behave the same way.
    ///
    /// ```swift
    /// let title = Observable.combineLatest(name, unreadCount) { "\($0) (\($1))" }
    /// ```
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        combiningProducer(
            rule: .combineLatest, source1.asObservable(), source2.asObservable(), resultSelector: resultSelector)
    }

    /// Combines the latest elements of 3 sequences with `resultSelector`.
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        combiningProducer(
            rule: .combineLatest, source1.asObservable(), source2.asObservable(), source3.asObservable(),
            resultSelector: resultSelector)
    }

    /// Combines the latest elements of 4 sequences with `resultSelector`.
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        combiningProducer(
            rule: .combineLatest, source1.asObservable(), source2.asObservable(), source3.asObservable(),
            source4.asObservable(), resultSelector: resultSelector)
    }

    /// Combines the latest elements of 5 sequences with `resultSelector`.
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
    ) -> Observable<Element> {
        combiningProducer(
            rule: .combineLatest, source1.asObservable(), source2.asObservable(), source3.asObservable(),
            source4.asObservable(), source5.asObservable(), resultSelector: resultSelector)
    }

    /// Combines the latest elements of 6 sequences with `resultSelector`.
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
        resultSelector:
            @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws -> Element
    ) -> Observable<Element> {
        combiningProducer(
            rule: .combineLatest, source1.asObservable(), source2.asObservable(), source3.asObservable(),
            source4.asObservable(), source5.asObservable(), source6.asObservable(), resultSelector: resultSelector)
    }

    /// Combines the latest elements of 7 sequences with `resultSelector`.
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType, O7: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        resultSelector:
            @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element) throws ->
            Element
    ) -> Observable<Element> {
        combiningProducer(
            rule: .combineLatest, source1.asObservable(), source2.asObservable(), source3.asObservable(),
            source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(),
            resultSelector: resultSelector)
    }

    /// Combines the latest elements of 8 sequences with `resultSelector`.
    public static func combineLatest<
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
            rule: .combineLatest, source1.asObservable(), source2.asObservable(), source3.asObservable(),
            source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(),
            source8.asObservable(), resultSelector: resultSelector)
    }
}

extension ObservableType where Element == Any {
    /// Combines the latest elements of 2 sequences into tuples whenever either of them sends
    /// an element, once both have sent one.
    ///
    /// Completion and errors follow ``ObservableType/combineLatest(_:_:resultSelector:)``;
    /// the overloads for 3 to 8 sources behave the same way.
    ///
    /// ```swift
    /// let form = Observable.combineLatest(title, dueDate)
    /// ```
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2
    ) -> Observable<(O1.Element, O2.Element)> {
        combiningProducer(rule: .combineLatest, source1.asObservable(), source2.asObservable()) { ($0, $1) }
    }

    /// Combines the latest elements of 3 sequences into tuples.
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
        combiningProducer(
            rule: .combineLatest, source1.asObservable(), source2.asObservable(), source3.asObservable()
        ) { ($0, $1, $2) }
    }

    /// Combines the latest elements of 4 sequences into tuples.
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
        combiningProducer(
            rule: .combineLatest, source1.asObservable(), source2.asObservable(), source3.asObservable(),
            source4.asObservable()
        ) { ($0, $1, $2, $3) }
    }

    /// Combines the latest elements of 5 sequences into tuples.
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
        combiningProducer(
            rule: .combineLatest, source1.asObservable(), source2.asObservable(), source3.asObservable(),
            source4.asObservable(), source5.asObservable()
        ) { ($0, $1, $2, $3, $4) }
    }

    /// Combines the latest elements of 6 sequences into tuples.
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)> {
        combiningProducer(
            rule: .combineLatest, source1.asObservable(), source2.asObservable(), source3.asObservable(),
            source4.asObservable(), source5.asObservable(), source6.asObservable()
        ) { ($0, $1, $2, $3, $4, $5) }
    }

    /// Combines the latest elements of 7 sequences into tuples.
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType, O7: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)> {
        combiningProducer(
            rule: .combineLatest, source1.asObservable(), source2.asObservable(), source3.asObservable(),
            source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable()
        ) { ($0, $1, $2, $3, $4, $5, $6) }
    }

    /// Combines the latest elements of 8 sequences into tuples.
    public static func combineLatest<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
        O6: ObservableType, O7: ObservableType, O8: ObservableType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        _ source8: O8
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)> {
        combiningProducer(
            rule: .combineLatest, source1.asObservable(), source2.asObservable(), source3.asObservable(),
            source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(),
            source8.asObservable()
        ) { ($0, $1, $2, $3, $4, $5, $6, $7) }
    }
}
