//! The background jobs' pace: each runs at its own pace while it works, and after failures
//! waits longer and longer (doubling, with jitter, up to a ceiling), so an outage of the
//! database or a gateway costs a try every few seconds per job, not one every few hundred
//! milliseconds, and the nodes do not retry in step. A job says once that it fails and once
//! that it works again; a database out of reach is said by the database itself, once.

use std::sync::Arc;
use std::time::Duration;

use rand::Rng;

/// The longest a failing job waits between tries (unless its own pace is longer): short
/// enough that the jobs resume within a few seconds of the database coming back.
pub const BACKOFF_CEILING: Duration = Duration::from_secs(5);

/// How long a job waits before its next run, given its pace and the failures in a row so far;
/// `jitter` (0 to 1) takes up to a quarter off a wait after a failure.
pub fn next_wait(every: Duration, failures: u32, jitter: f64) -> Duration {
    if failures == 0 {
        return every;
    }
    let ceiling = BACKOFF_CEILING.max(every);
    let grown = every.saturating_mul(2u32.saturating_pow(failures.min(16))).min(ceiling);
    grown.mul_f64(1.0 - 0.25 * jitter.clamp(0.0, 1.0))
}

/// A job run again and again in the background.
pub struct Repeated {
    /// Its name in the log.
    pub name: &'static str,
    /// Its pace while it works.
    pub every: Duration,
    /// One run: how much it did, or why it could not.
    pub run: Arc<dyn Fn() -> anyhow::Result<usize> + Send + Sync>,
    /// Whether the database is out of reach now: a failure then is the outage's, which the
    /// database tells once, whatever the job's own error says (a domain's error wraps it).
    pub outage: Arc<dyn Fn() -> bool + Send + Sync>,
}

impl Repeated {
    /// Runs the job until the process stops: at once, then at its pace.
    pub async fn run(self) {
        let (mut failures, mut said_failing) = (0u32, false);
        loop {
            let run = self.run.clone();
            match tokio::task::spawn_blocking(move || run()).await {
                Ok(Ok(_)) => {
                    if said_failing {
                        tracing::info!(job = self.name, failures, "a background job works again");
                    }
                    (failures, said_failing) = (0, false);
                }
                Ok(Err(error)) => {
                    failures = failures.saturating_add(1);
                    // The database's own two lines tell an outage; any other failure is this job's to tell, once.
                    if !said_failing && !store::database::out_of_reach(&error) && !(self.outage)() {
                        tracing::warn!(job = self.name, error = format!("{error:#}"), "a background job failed; it tries again, less often");
                        said_failing = true;
                    } else {
                        tracing::debug!(job = self.name, failures, error = format!("{error:#}"), "a background job failed again");
                    }
                }
                Err(error) => tracing::error!(job = self.name, %error, "a background job stopped unexpectedly"),
            }
            tokio::time::sleep(next_wait(self.every, failures, rand::thread_rng().r#gen())).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failing_job_waits_twice_as_long_each_time_up_to_the_ceiling() {
        let every = Duration::from_millis(200);
        let waits: Vec<u128> = (0..7).map(|failures| next_wait(every, failures, 0.0).as_millis()).collect();
        assert_eq!(waits, [200, 400, 800, 1600, 3200, 5000, 5000]);
        assert_eq!(next_wait(every, u32::MAX, 0.0), BACKOFF_CEILING, "no overflow after a long outage");
    }

    #[test]
    fn jitter_takes_up_to_a_quarter_off_a_wait_after_a_failure_only() {
        let every = Duration::from_millis(200);
        assert_eq!(next_wait(every, 0, 1.0), every, "a working job keeps its pace");
        assert_eq!(next_wait(every, 2, 1.0), Duration::from_millis(600));
        assert_eq!(next_wait(every, 2, 0.5), Duration::from_millis(700));
        assert_eq!(next_wait(every, 9, 7.0), Duration::from_millis(3750), "jitter beyond 1 counts as 1");
    }

    #[test]
    fn a_slow_job_keeps_its_own_pace_as_its_ceiling() {
        let minute = Duration::from_secs(60);
        assert_eq!(next_wait(minute, 3, 0.0), minute);
    }
}
