//! A user's notifications (design §5): the page with the unread count, and marking them read.

use std::sync::Arc;

use kernel::{Clock, Page, PageRequest, UserId};

use crate::error::OrderingError;
use crate::news::Notification;
use crate::ports::Notifications;

/// The notification use cases over their port.
pub struct Inbox {
    store: Arc<dyn Notifications>,
    clock: Arc<dyn Clock>,
}

impl Inbox {
    /// The use cases over their port.
    pub fn new(store: Arc<dyn Notifications>, clock: Arc<dyn Clock>) -> Inbox {
        Inbox { store, clock }
    }

    /// The owner's notifications, newest first, and how many are unread (`GET notifications`).
    pub fn notifications(&self, owner: UserId, unread_only: bool, page: PageRequest) -> Result<(Page<Notification>, u64), OrderingError> {
        Ok((self.store.notifications(owner, unread_only, page)?, self.store.unread(owner)?))
    }

    /// Marks one of the owner's notifications read (`POST notifications/{id}/read`); another's
    /// is not found.
    pub fn mark_read(&self, owner: UserId, id: i64) -> Result<u64, OrderingError> {
        if !self.store.mark_read(owner, id, self.clock.now())? {
            return Err(OrderingError::NotFound);
        }
        Ok(self.store.unread(owner)?)
    }

    /// Marks all of the owner's notifications read (`POST notifications/read-all`).
    pub fn mark_all_read(&self, owner: UserId) -> Result<(), OrderingError> {
        Ok(self.store.mark_all_read(owner, self.clock.now())?)
    }
}
