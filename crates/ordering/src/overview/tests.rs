#![allow(clippy::unwrap_used)]

use mockall::predicate::eq;

use super::*;

fn at(day: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(&format!("{day}T10:00:00Z")).unwrap().with_timezone(&Utc)
}

fn date(day: &str) -> NaiveDate {
    NaiveDate::parse_from_str(day, "%Y-%m-%d").unwrap()
}

fn fact(from: Option<OrderStatus>, to: OrderStatus, day: &str, city: i64, engineer: Option<i64>) -> StatusFact {
    StatusFact { from, to, at: at(day), city: CityId(city), sales_engineer: engineer.map(UserId), total: Money::from_pounds(100) }
}

#[test]
fn a_placing_a_delivery_and_a_cancel_each_count_on_their_own_day_and_move_the_status_counts() {
    use OrderStatus::*;
    let tally = tally(&[
        fact(None, New, "2026-11-01", 1, Some(2)),
        fact(None, New, "2026-11-01", 1, Some(2)),
        fact(Some(New), OnDelivery, "2026-11-02", 1, Some(2)),
        fact(Some(OnDelivery), Delivered, "2026-11-03", 1, Some(2)),
        fact(None, New, "2026-11-03", 4, None),
        fact(Some(New), Cancelled, "2026-11-03", 4, None),
    ]);
    assert_eq!(tally.days[&(date("2026-11-01"), CityId(1), Some(UserId(2)))], DayTotals { placed: 2, ..DayTotals::default() });
    assert_eq!(tally.days[&(date("2026-11-02"), CityId(1), Some(UserId(2)))], DayTotals::default(), "on its way counts nothing");
    assert_eq!(
        tally.days[&(date("2026-11-03"), CityId(1), Some(UserId(2)))],
        DayTotals { delivered: 1, revenue: Money::from_pounds(100), ..DayTotals::default() },
        "revenue on the day of delivery"
    );
    assert_eq!(tally.days[&(date("2026-11-03"), CityId(4), None)], DayTotals { placed: 1, cancelled: 1, ..DayTotals::default() });
    assert_eq!(tally.statuses[&(New, Some(UserId(2)))], 1, "two placed, one moved on");
    assert_eq!(tally.statuses[&(OnDelivery, Some(UserId(2)))], 0);
    assert_eq!(tally.statuses[&(Delivered, Some(UserId(2)))], 1);
    assert_eq!((tally.statuses[&(New, None)], tally.statuses[&(Cancelled, None)]), (0, 1));
}

#[test]
fn an_undone_delivery_or_cancellation_counts_off_on_its_day_and_moves_the_status_back() {
    use OrderStatus::*;
    let tally = tally(&[
        fact(Some(OnDelivery), Delivered, "2026-11-03", 1, None),
        fact(Some(Delivered), OnDelivery, "2026-11-03", 1, None),
        fact(Some(New), Cancelled, "2026-11-03", 1, None),
        fact(Some(Cancelled), New, "2026-11-03", 1, None),
    ]);
    assert_eq!(tally.days[&(date("2026-11-03"), CityId(1), None)], DayTotals::default());
    assert_eq!((tally.statuses[&(Delivered, None)], tally.statuses[&(Cancelled, None)]), (0, 0));
    assert_eq!((tally.statuses[&(OnDelivery, None)], tally.statuses[&(New, None)]), (0, 0));
}

struct Today;
impl Clock for Today {
    fn now(&self) -> DateTime<Utc> {
        at("2026-11-25")
    }
}

#[test]
fn the_overview_adds_the_days_up_by_month_with_empty_months_and_this_months_cards() {
    let mut figures = MockFigures::new();
    figures.expect_catch_up().times(1).returning(|| Ok(0));
    let totals = |placed, pounds| DayTotals { placed, delivered: 0, cancelled: 0, revenue: Money::from_pounds(pounds) };
    figures
        .expect_days()
        .with(eq(date("2025-12-01")), eq(date("2026-11-25")), eq(Some(UserId(2))))
        .returning(move |_, _, _| Ok(vec![(date("2025-12-03"), totals(3, 300)), (date("2026-11-02"), totals(2, 150)), (date("2026-11-25"), totals(4, 0))]));
    figures
        .expect_days()
        .with(eq(date("2026-11-01")), eq(date("2026-11-25")), eq(Some(UserId(2))))
        .returning(move |_, _, _| Ok(vec![(date("2026-11-02"), totals(2, 150)), (date("2026-11-25"), totals(4, 0))]));
    figures.expect_clients().with(eq(date("2025-12-01")), eq(date("2026-11-25"))).returning(|_, _| Ok(vec![(date("2026-10-31"), 7), (date("2026-11-01"), 5)]));
    figures.expect_clients().with(eq(date("2026-11-01")), eq(date("2026-11-25"))).returning(|_, _| Ok(vec![(date("2026-11-01"), 5)]));
    figures.expect_in_status().with(eq(OrderStatus::New), eq(Some(UserId(2)))).returning(|_, _| Ok(9));
    figures.expect_low_stock().with(eq(LOW_STOCK)).returning(|_| Ok(3));
    figures.expect_cities().returning(|_, _, _| Ok(vec![]));
    let cairo = CashOutcomes { id: 1, name: Localized::default(), placed: 10, confirmed: 8, delivered: 6, refused: 2, returned: 1 };
    let by_city = cairo.clone();
    figures
        .expect_cash_outcomes()
        .with(eq(date("2025-12-01")), eq(date("2026-11-25")), eq(CashGrouping::Governorate), eq(Some(UserId(2))))
        .returning(move |_, _, _, _| Ok(vec![by_city.clone()]));
    figures.expect_cash_outcomes().returning(|_, _, _, _| Ok(vec![]));
    let overview = Overview::new(Arc::new(figures), Arc::new(Today)).figures(None, None, Some(UserId(2))).unwrap();
    assert_eq!(
        (overview.orders_today, overview.revenue_month, overview.new_clients_month, overview.orders_waiting, overview.low_stock),
        (4, Money::from_pounds(150), 5, 9, 3)
    );
    assert_eq!(overview.orders_per_month.len(), 12, "December to November, empty months too");
    assert_eq!((overview.orders_per_month[0].month.as_str(), overview.orders_per_month[0].value), ("2025-12", 3));
    assert_eq!(overview.orders_per_month[5].value, 0);
    assert_eq!((overview.orders_per_month[11].month.as_str(), overview.orders_per_month[11].value), ("2026-11", 6));
    assert_eq!(overview.revenue_per_month[11].value, Money::from_pounds(150));
    assert_eq!((overview.clients_per_month[10].value, overview.clients_per_month[11].value), (7, 5));
    assert_eq!(overview.cash.by_governorate, [cairo]);
    assert!(overview.cash.by_product.is_empty() && overview.cash.by_sales_engineer.is_empty());
}

#[test]
fn cash_rates_are_shares_of_what_could_have_happened_in_percent_to_one_decimal() {
    let outcomes = CashOutcomes { id: 1, name: Localized::default(), placed: 12, confirmed: 9, delivered: 6, refused: 2, returned: 1 };
    // 9 of 12 confirmed; 2 refused of the 8 parcels that reached a door; 1 of 6 delivered came back.
    assert_eq!((outcomes.confirmation_rate(), outcomes.refusal_rate(), outcomes.return_rate()), (Some(75.0), Some(25.0), Some(16.7)));
    let none = CashOutcomes { placed: 0, confirmed: 0, delivered: 0, refused: 0, returned: 0, ..outcomes };
    assert_eq!((none.confirmation_rate(), none.refusal_rate(), none.return_rate()), (None, None, None), "no orders, no rate");
}

#[test]
fn a_range_that_ends_before_it_starts_or_spans_too_long_is_refused() {
    let overview = Overview::new(Arc::new(MockFigures::new()), Arc::new(Today));
    assert!(matches!(overview.figures(Some(date("2026-11-02")), Some(date("2026-11-01")), None), Err(OrderingError::Invalid(errors)) if errors.has("to")));
    assert!(matches!(overview.figures(Some(date("2010-01-01")), None, None), Err(OrderingError::Invalid(errors)) if errors.has("from")));
}

#[test]
fn an_order_placed_after_midnight_in_cairo_counts_on_cairos_day() {
    let late = StatusFact {
        at: DateTime::parse_from_rfc3339("2026-11-25T22:30:00Z").unwrap().with_timezone(&Utc),
        ..fact(None, OrderStatus::New, "2026-11-25", 1, None)
    };
    let tally = tally(&[late]);
    assert_eq!(tally.days.keys().map(|(day, _, _)| *day).collect::<Vec<_>>(), [date("2026-11-26")], "00:30 in Cairo is the 26th, not UTC's 25th");
}
