use super::{IdentityService, Principal};
use crate::error::IdentityError;
use crate::token::TokenKind;

impl IdentityService {
    /// The user behind a bearer token of the expected kind: well signed, unexpired, its
    /// session still open, and the account not blocked.
    pub fn authenticate(&self, token: &str, kind: TokenKind) -> Result<Principal, IdentityError> {
        let claims = self.ports.tokens.read(token).ok_or(IdentityError::Unauthenticated)?;
        if claims.kind != kind {
            return Err(IdentityError::Unauthenticated);
        }
        let (session, user) = self.ports.sessions.find_with_user(&claims.sid)?.ok_or(IdentityError::Unauthenticated)?;
        let now = self.ports.clock.now();
        if session.ended || session.expires_at <= now || Some(session.user_id) != claims.user_id() || session.kind != kind {
            return Err(IdentityError::Unauthenticated);
        }
        if user.blocked {
            return Err(IdentityError::Blocked);
        }
        Ok(Principal { user, session_id: session.id })
    }

    /// Ends the session: its token stops working at once.
    pub fn logout(&self, principal: &Principal) -> Result<(), IdentityError> {
        Ok(self.ports.sessions.end(&principal.session_id, self.ports.clock.now())?)
    }
}
