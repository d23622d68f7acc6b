//! The real `mahsoul` binary as a process of its own, for what only a process shows: its log,
//! its signals and its commands.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

/// The token secret every node of a test shares, as the nodes of one shop do.
pub const NODE_JWT_SECRET: &str = "node-test-secret-0123456789abcdef0123456789abcdef0123456789ab";

/// A running `mahsoul serve`, killed when dropped if it is still running.
pub struct Node {
    child: Child,
    /// `http://127.0.0.1:<port>`.
    pub address: String,
    log: Arc<Mutex<Vec<String>>>,
}

/// `mahsoul` with the environment a test shop needs: its data dir and database, no demo data,
/// messages to the outbox, JSON logs; `extra` adds or replaces variables.
pub fn mahsoul(data_dir: &Path, database_url: &str, extra: &[(&str, &str)]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mahsoul"));
    command
        .current_dir(data_dir)
        .env_remove("RUST_LOG")
        .env_remove("MAHSOUL_ENV")
        .env("MAHSOUL__SERVER__HOST", "127.0.0.1")
        .env("MAHSOUL__SERVER__PORT", "0")
        .env("MAHSOUL__SERVER__WORKERS", "2")
        .env("MAHSOUL__SERVER__DATA_DIR", data_dir)
        .env("MAHSOUL__SERVER__FRONTEND_DIR", data_dir.join("no-frontend"))
        .env("MAHSOUL__DATABASE__URL", database_url)
        .env("MAHSOUL__DATABASE__MAX_CONNECTIONS", "4")
        .env("MAHSOUL__AUTH__JWT_SECRET", NODE_JWT_SECRET)
        .env("MAHSOUL__DEMO__SEED", "false")
        .env("MAHSOUL__MESSAGES__SEND_EVERY_MS", "50")
        .env("MAHSOUL__LOG__FORMAT", "json")
        .envs(extra.iter().copied());
    command
}

impl Node {
    /// Starts `mahsoul serve` and waits until it listens (at most a minute: a first start
    /// migrates the database).
    pub fn start(data_dir: &Path, database_url: &str, extra: &[(&str, &str)]) -> Node {
        Node::start_command(mahsoul(data_dir, database_url, extra))
    }

    /// Starts this `mahsoul` command (a `serve` with flags of its own) and waits until it listens.
    pub fn start_command(mut command: Command) -> Node {
        let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("start mahsoul");
        let log = Arc::new(Mutex::new(Vec::new()));
        let (port_sender, port) = mpsc::channel();
        let stdout = child.stdout.take().expect("stdout");
        let lines = log.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                // As text, or inside the JSON line of a JSON log.
                if let Some(rest) = line.split("Mahsoul is serving on http://localhost:").nth(1) {
                    let _ = port_sender.send(rest.chars().take_while(char::is_ascii_digit).collect::<String>());
                }
                lines.lock().expect("log").push(line);
            }
        });
        let mut stderr = child.stderr.take().expect("stderr");
        let lines = log.clone();
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            lines.lock().expect("log").extend(text.lines().map(str::to_string));
        });
        let port = port.recv_timeout(Duration::from_secs(60)).unwrap_or_else(|_| panic!("mahsoul did not start: {:?}", log.lock().expect("log")));
        Node { child, address: format!("http://127.0.0.1:{port}"), log }
    }

    /// `SIGTERM`, as an orchestrator stops a node.
    pub fn terminate(&self) {
        let status = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status().expect("kill");
        assert!(status.success());
    }

    /// Waits for the process to end, at most `within`.
    pub fn wait(&mut self, within: Duration) -> ExitStatus {
        let deadline = Instant::now() + within;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status;
            }
            assert!(Instant::now() < deadline, "mahsoul still runs {within:?} after it was told to stop");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Every line the process printed so far, stdout then stderr as they came.
    pub fn log(&self) -> Vec<String> {
        self.log.lock().expect("log").clone()
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
