//! The owner's overview (design §4a): cards, and orders, revenue and new clients per month and
//! orders per city over a date range, read from daily totals, and how cash-on-delivery orders
//! turned out by governorate, product and sales engineer. The totals are kept by a tally of
//! the orders' status changes ([`tally`]), run outside the orders' own transactions so that no
//! row every checkout shares slows selling down; a read first tallies what is pending, so the
//! figures include every order placed before it.

use std::collections::BTreeMap;
use std::sync::Arc;

use chrono::{DateTime, Datelike, Months, NaiveDate, Utc};
use kernel::{CityId, Clock, FieldErrors, Localized, Money, UserId};

use crate::error::OrderingError;
use crate::order::OrderStatus;

/// A change of an order's status as the tally reads it (the order's first history row is its
/// placing: no `from`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusFact {
    /// The status it left; none when it was placed.
    pub from: Option<OrderStatus>,
    /// The status it got.
    pub to: OrderStatus,
    /// When.
    pub at: DateTime<Utc>,
    /// The order's city.
    pub city: CityId,
    /// The order's sales engineer.
    pub sales_engineer: Option<UserId>,
    /// The order's total.
    pub total: Money,
}

/// What the orders of one day, city and sales engineer add up to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DayTotals {
    /// Orders placed.
    pub placed: i64,
    /// Orders delivered.
    pub delivered: i64,
    /// Orders cancelled.
    pub cancelled: i64,
    /// The totals of the orders delivered (cash collected on delivery).
    pub revenue: Money,
}

/// Where a day's totals belong: the day (UTC), the city, the sales engineer (none for guests).
pub type DayKey = (NaiveDate, CityId, Option<UserId>);

/// What a batch of status changes adds to the totals.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tally {
    /// Per day, city and sales engineer.
    pub days: BTreeMap<DayKey, DayTotals>,
    /// How many orders each status gains (or loses), per sales engineer.
    pub statuses: BTreeMap<(OrderStatus, Option<UserId>), i64>,
}

/// Adds up status changes: a placing counts an order on its day; a delivery counts it and its
/// total as revenue on the day of delivery; a cancel counts it; each change moves one order
/// from its old status to its new one.
pub fn tally(facts: &[StatusFact]) -> Tally {
    let mut tally = Tally::default();
    for fact in facts {
        let day = tally.days.entry((kernel::shop_day(fact.at), fact.city, fact.sales_engineer)).or_default();
        match (fact.from, fact.to) {
            (None, _) => day.placed += 1,
            (Some(_), OrderStatus::Delivered) => {
                day.delivered += 1;
                day.revenue = day.revenue.checked_add(fact.total).unwrap_or(day.revenue);
            }
            (Some(_), OrderStatus::Cancelled) => day.cancelled += 1,
            // An undone delivery or cancellation counts off on the day it was undone.
            (Some(OrderStatus::Delivered), _) => {
                day.delivered -= 1;
                day.revenue = day.revenue.checked_sub(fact.total).unwrap_or(day.revenue);
            }
            (Some(OrderStatus::Cancelled), _) => day.cancelled -= 1,
            (Some(_), _) => {}
        }
        *tally.statuses.entry((fact.to, fact.sales_engineer)).or_default() += 1;
        if let Some(from) = fact.from {
            *tally.statuses.entry((from, fact.sales_engineer)).or_default() -= 1;
        }
    }
    tally
}

/// A city's orders in the range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CityOrders {
    /// The city.
    pub city: CityId,
    /// Its name.
    pub name: Localized<String>,
    /// Orders placed.
    pub orders: i64,
}

/// What the cash-on-delivery figures are counted by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CashGrouping {
    /// The order's governorate.
    Governorate,
    /// Each product the order held.
    Product,
    /// The sales engineer who looks after the order.
    SalesEngineer,
}

/// The most lines of each grouping the overview shows: the ones with the most orders.
pub const CASH_LINES: i64 = 20;

/// How the cash-on-delivery orders placed in a range turned out, for one governorate, product
/// or sales engineer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CashOutcomes {
    /// The governorate's, product's or sales engineer's id.
    pub id: i64,
    /// Its name.
    pub name: Localized<String>,
    /// Orders placed.
    pub placed: i64,
    /// Of those, confirmed by their buyer or staff (or needing no confirmation).
    pub confirmed: i64,
    /// Of those, delivered.
    pub delivered: i64,
    /// Of those, refused at the door.
    pub refused: i64,
    /// Of those, with a return not refused.
    pub returned: i64,
}

impl CashOutcomes {
    /// The share of the orders placed that were confirmed, in percent.
    pub fn confirmation_rate(&self) -> Option<f64> {
        percent(self.confirmed, self.placed)
    }

    /// The share of the parcels that reached a door and were refused there, in percent.
    pub fn refusal_rate(&self) -> Option<f64> {
        percent(self.refused, self.delivered + self.refused)
    }

    /// The share of the delivered orders some of which came back, in percent.
    pub fn return_rate(&self) -> Option<f64> {
        percent(self.returned, self.delivered)
    }
}

/// `part` of `whole` in percent, to one decimal; none of nothing.
fn percent(part: i64, whole: i64) -> Option<f64> {
    (whole > 0).then(|| (part as f64 * 1000.0 / whole as f64).round() / 10.0)
}

/// The cash-on-delivery figures of a range.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CashOverview {
    /// By governorate, most orders first.
    pub by_governorate: Vec<CashOutcomes>,
    /// By product, most orders first.
    pub by_product: Vec<CashOutcomes>,
    /// By sales engineer, most orders first (orders nobody looks after are left out).
    pub by_sales_engineer: Vec<CashOutcomes>,
}

/// The daily totals, the clients and the stock as the overview reads them.
#[cfg_attr(test, mockall::automock)]
pub trait Figures: Send + Sync {
    /// Tallies the status changes and new clients not tallied yet, a batch at a time (the
    /// tally holds a lock, so two never count the same change); how many changes it tallied.
    fn catch_up(&self) -> anyhow::Result<usize>;
    /// The days' totals in the range (summed over cities), of one sales engineer when given.
    fn days(&self, from: NaiveDate, to: NaiveDate, sales_engineer: Option<UserId>) -> anyhow::Result<Vec<(NaiveDate, DayTotals)>>;
    /// Orders placed per city in the range, most first.
    fn cities(&self, from: NaiveDate, to: NaiveDate, sales_engineer: Option<UserId>) -> anyhow::Result<Vec<CityOrders>>;
    /// New clients per day in the range.
    fn clients(&self, from: NaiveDate, to: NaiveDate) -> anyhow::Result<Vec<(NaiveDate, i64)>>;
    /// Orders in a status now, of one sales engineer when given.
    fn in_status(&self, status: OrderStatus, sales_engineer: Option<UserId>) -> anyhow::Result<i64>;
    /// Products on sale with this many units left or fewer.
    fn low_stock(&self, at_most: i64) -> anyhow::Result<i64>;
    /// How the cash-on-delivery orders placed in the range (of one sales engineer when given)
    /// turned out, by `grouping`: the [`CASH_LINES`] with the most orders, most first. Read from
    /// the orders themselves, not the daily totals.
    fn cash_outcomes(&self, from: NaiveDate, to: NaiveDate, grouping: CashGrouping, sales_engineer: Option<UserId>) -> anyhow::Result<Vec<CashOutcomes>>;
}

/// A month, `YYYY-MM`, and what it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Monthly<T> {
    /// `YYYY-MM`.
    pub month: String,
    /// The month's figure.
    pub value: T,
}

/// The cards and charts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OverviewFigures {
    /// Orders placed today.
    pub orders_today: i64,
    /// Revenue this month.
    pub revenue_month: Money,
    /// Clients who joined this month.
    pub new_clients_month: i64,
    /// Orders waiting (new).
    pub orders_waiting: i64,
    /// Products with few units left.
    pub low_stock: i64,
    /// Clients who joined, per month of the range.
    pub clients_per_month: Vec<Monthly<i64>>,
    /// Orders placed, per month of the range.
    pub orders_per_month: Vec<Monthly<i64>>,
    /// Revenue, per month of the range.
    pub revenue_per_month: Vec<Monthly<Money>>,
    /// Orders placed per city in the range.
    pub orders_per_city: Vec<CityOrders>,
    /// How the range's cash-on-delivery orders turned out.
    pub cash: CashOverview,
}

/// A product is low on stock at this many units or fewer.
pub const LOW_STOCK: i64 = 10;

/// The longest range a chart covers: five years.
const LONGEST_RANGE_DAYS: i64 = 5 * 366;

/// The overview's use case over its port.
pub struct Overview {
    figures: Arc<dyn Figures>,
    clock: Arc<dyn Clock>,
}

impl Overview {
    /// The use case over its port.
    pub fn new(figures: Arc<dyn Figures>, clock: Arc<dyn Clock>) -> Overview {
        Overview { figures, clock }
    }

    /// Tallies what is pending (for the server's job).
    pub fn catch_up(&self) -> Result<usize, OrderingError> {
        Ok(self.figures.catch_up()?)
    }

    /// The overview for a range of days (by default the last twelve months to today): a sales
    /// engineer's covers the orders they look after; new clients and stock are the shop's.
    pub fn figures(&self, from: Option<NaiveDate>, to: Option<NaiveDate>, sales_engineer: Option<UserId>) -> Result<OverviewFigures, OrderingError> {
        let today = kernel::shop_day(self.clock.now());
        let to = to.unwrap_or(today);
        let from = from.unwrap_or_else(|| first_of_month(to).checked_sub_months(Months::new(11)).unwrap_or(to));
        if from > to {
            return Err(FieldErrors::single("to", "date_range").into());
        }
        if (to - from).num_days() > LONGEST_RANGE_DAYS {
            return Err(FieldErrors::single("from", "date_range_long").into());
        }
        self.figures.catch_up()?;
        let days = self.figures.days(from, to, sales_engineer)?;
        let clients = self.figures.clients(from, to)?;
        // The cards are of today and this month, whatever the charts' range.
        let month_start = first_of_month(today);
        let month = self.figures.days(month_start, today, sales_engineer)?;
        let months = months_between(from, to);
        let per_month = |value: &dyn Fn(&str) -> i64| months.iter().map(|month| Monthly { month: month.clone(), value: value(month) }).collect::<Vec<_>>();
        Ok(OverviewFigures {
            orders_today: month.iter().filter(|(day, _)| *day == today).map(|(_, totals)| totals.placed).sum(),
            revenue_month: month.iter().fold(Money::ZERO, |sum, (_, totals)| sum.checked_add(totals.revenue).unwrap_or(sum)),
            new_clients_month: self.figures.clients(month_start, today)?.iter().map(|(_, joined)| joined).sum(),
            orders_waiting: self.figures.in_status(OrderStatus::New, sales_engineer)?,
            low_stock: self.figures.low_stock(LOW_STOCK)?,
            clients_per_month: per_month(&|month| clients.iter().filter(|(day, _)| month_of(*day) == month).map(|(_, joined)| joined).sum()),
            orders_per_month: per_month(&|month| days.iter().filter(|(day, _)| month_of(*day) == month).map(|(_, totals)| totals.placed).sum()),
            revenue_per_month: months
                .iter()
                .map(|month| Monthly {
                    month: month.clone(),
                    value: days
                        .iter()
                        .filter(|(day, _)| month_of(*day) == *month)
                        .fold(Money::ZERO, |sum, (_, totals)| sum.checked_add(totals.revenue).unwrap_or(sum)),
                })
                .collect(),
            orders_per_city: self.figures.cities(from, to, sales_engineer)?,
            cash: CashOverview {
                by_governorate: self.figures.cash_outcomes(from, to, CashGrouping::Governorate, sales_engineer)?,
                by_product: self.figures.cash_outcomes(from, to, CashGrouping::Product, sales_engineer)?,
                by_sales_engineer: self.figures.cash_outcomes(from, to, CashGrouping::SalesEngineer, sales_engineer)?,
            },
        })
    }
}

fn first_of_month(day: NaiveDate) -> NaiveDate {
    day.with_day(1).unwrap_or(day)
}

fn month_of(day: NaiveDate) -> String {
    format!("{:04}-{:02}", day.year(), day.month())
}

/// Every month the range touches, `YYYY-MM`, oldest first.
fn months_between(from: NaiveDate, to: NaiveDate) -> Vec<String> {
    let mut months = Vec::new();
    let mut month = first_of_month(from);
    while month <= to {
        months.push(month_of(month));
        let Some(next) = month.checked_add_months(Months::new(1)) else { break };
        month = next;
    }
    months
}

#[cfg(test)]
mod tests;
