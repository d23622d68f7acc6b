//! Rebuilds the store when a migration is added: `embed_migrations!` reads the folders at
//! compile time, and Cargo does not otherwise see a new folder in them.
fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
}
