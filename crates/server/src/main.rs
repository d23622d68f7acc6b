//! `mahsoul`: serve the shop, migrate, back up and restore, seed, or create an admin.

use std::path::PathBuf;

use anyhow::Context;
use clap::{Parser, Subcommand};
use identity::service::NewAccount;
use identity::{IdentityError, Role};
use kernel::{Email, Phone};
use server::settings::Settings;
use server::startup::{Application, identity_service, open_database};

// Many small allocations per request (JSON, product cards): mimalloc serves them faster than
// glibc's allocator under several worker threads (docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The Mahsoul shop.
#[derive(Parser)]
#[command(name = "mahsoul", version, about = "Mahsoul, the agricultural supplies shop")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Port to listen on.
    #[arg(long, global = true)]
    port: Option<u16>,
    /// Folder for the SQLite file, the outbox and media.
    #[arg(long, global = true)]
    data_dir: Option<PathBuf>,
    /// A postgres:// URL or a SQLite path.
    #[arg(long, global = true)]
    database_url: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the API and the frontend (the default).
    Serve {
        /// Apply pending migrations first; in production they are left to `mahsoul migrate`
        /// (the compose file's `migrate` step) unless this is given.
        #[arg(long)]
        migrate: bool,
    },
    /// Run pending database migrations.
    Migrate {
        /// Only list the migrations that would run, and exit with 1 when there are some.
        #[arg(long)]
        check: bool,
    },
    /// Back up the database and the media folder to a .tar.gz while the shop serves.
    Backup {
        /// The archive to write.
        #[arg(long)]
        to: PathBuf,
    },
    /// Restore a backup into an empty data dir (SQLite) or an empty database (PostgreSQL).
    Restore {
        /// The archive to read.
        #[arg(long)]
        from: PathBuf,
        /// Restore even when the database URL signs in as a PostgreSQL superuser (only for an
        /// archive you made yourself: a superuser runs whatever a tampered dump says).
        #[arg(long)]
        allow_superuser: bool,
    },
    /// Add the demo users and reference data that are missing.
    Seed,
    /// Create an administrator with the Super Admin role.
    CreateAdmin {
        /// Full name.
        #[arg(long)]
        name: String,
        /// E-mail address.
        #[arg(long)]
        email: String,
        /// Egyptian mobile number.
        #[arg(long)]
        phone: String,
        /// Password (at least 8 characters, letters and digits).
        #[arg(long)]
        password: String,
    },
    /// Print the OpenAPI document (the frontend's API types are generated from it).
    Openapi,
    /// Ask the node on this machine's port whether it answers (`/api/health`): exit 0 when it
    /// does, 1 when not. The container's health check (the image has no curl).
    Health,
}

fn main() {
    // An error is one line of causes for the operator, never a stack trace.
    if let Err(error) = actix_web::rt::System::new().block_on(run(Cli::parse())) {
        eprintln!("mahsoul: {error:#}");
        std::process::exit(1);
    }
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    let mut settings = Settings::load()?;
    settings.override_with(cli.port, cli.data_dir.as_deref(), cli.database_url.as_deref());
    server::telemetry::init_logs(&settings.log)?;
    server::private::keep_files_private(&settings.server.data_dir)?;

    match cli.command.unwrap_or(Command::Serve { migrate: false }) {
        Command::Serve { migrate } => {
            settings.migrate_on_open = migrate || !settings.is_production();
            let app = Application::build(&settings)?;
            server::telemetry::banner(&settings.log, app.port(), settings.demo.seed);
            app.run_until_stopped().await?;
        }
        Command::Migrate { check: false } => {
            let db = store::Database::connect(&settings.database_url(), 1)?;
            println!("{} migration(s) applied on {}", db.migrate()?, db.backend().name());
        }
        Command::Migrate { check: true } => {
            let db = store::Database::connect(&settings.database_url(), 1)?;
            let pending = db.pending_migrations()?;
            println!("{} migration(s) would run on {}", pending.len(), db.backend().name());
            for name in &pending {
                println!("  {name}");
            }
            if !pending.is_empty() {
                std::process::exit(1);
            }
        }
        Command::Backup { to } => {
            let archived = server::backup::backup(&settings, &to)?;
            println!("Backed up the {} database and {} media file(s) to {}", archived.database, archived.media_files, to.display());
        }
        Command::Restore { from, allow_superuser } => {
            let archived = server::backup::restore(&settings, &from, allow_superuser)?;
            println!("Restored the {} database and {} media file(s) from {}", archived.database, archived.media_files, from.display());
        }
        Command::Seed => {
            let db = open_database(&settings)?;
            let identity = identity_service(&settings, &db)?;
            let added = server::demo::seed(&db, &identity, &settings.media_dir())?;
            println!("{}", if added { "Demo data added." } else { "Demo data was already there." });
            print!("{}", server::demo::logins());
        }
        Command::Openapi => println!("{}", api::openapi::document().to_pretty_json()?),
        Command::Health => server::startup::check_health(settings.server.port)?,
        Command::CreateAdmin { name, email, phone, password } => {
            let db = open_database(&settings)?;
            let identity = identity_service(&settings, &db)?;
            let account = NewAccount {
                name,
                email: Some(Email::parse(&email).context("--email is not a valid e-mail address")?),
                phone: Phone::parse(&phone).context("--phone is not an Egyptian mobile number")?,
                password,
                role: Role::Admin,
            };
            match identity.create_account(account) {
                Ok(user) => println!("Admin {} created (id {}).", user.name, user.id.0),
                Err(IdentityError::Invalid(errors)) => {
                    for (field, rules) in errors.iter() {
                        eprintln!("--{}: {}", field.replace('_', "-"), rules.join(", "));
                    }
                    std::process::exit(2);
                }
                Err(error) => return Err(error.into()),
            }
        }
    }
    Ok(())
}
